import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type Tickets = InferResponseType<typeof api.support.tickets.$get, 200>['tickets'];

export async function fetchTickets(): Promise<Tickets> {
  return (await unwrap(await api.support.tickets.$get())).tickets;
}

export const getTicketsQueryOptions = () =>
  queryOptions({ queryKey: ['support', 'tickets'], queryFn: fetchTickets });

/** The user's tickets; `poll` refreshes them while a support panel is open, to show new replies. */
export function useTickets({ poll = false } = {}) {
  return useQuery({ ...getTicketsQueryOptions(), refetchInterval: poll ? 30_000 : false });
}
