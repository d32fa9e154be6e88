import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';
import { cursorPaging, joinPages } from '../../../lib/cursor-pages';

export type Tickets = InferResponseType<typeof api.support.tickets.$get, 200>['tickets'];

export async function fetchTickets(cursor?: string) {
  return unwrap(await api.support.tickets.$get({ query: { cursor } }));
}

export const getTicketsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['support', 'tickets'],
    queryFn: ({ pageParam }) => fetchTickets(pageParam),
    ...cursorPaging,
    select: (data) => joinPages(data, (page) => page.tickets),
  });

/** The user's tickets a page at a time; `poll` refreshes them while a support panel is open, to show new replies. */
export function useTickets({ poll = false } = {}) {
  return useInfiniteQuery({ ...getTicketsQueryOptions(), refetchInterval: poll ? 30_000 : false });
}
