import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { cursorPaging, joinPages } from '../../../lib/cursor-pages';
import { adminUserKey } from './keys';

export async function fetchUserTickets(id: string, cursor?: string) {
  return unwrap(await api.admin.users[':id'].tickets.$get({ param: { id }, query: { cursor } }));
}

export const getUserTicketsQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: [...adminUserKey(id), 'tickets'],
    queryFn: ({ pageParam }) => fetchUserTickets(id, pageParam),
    ...cursorPaging,
    select: (data) => joinPages(data, (page) => page.tickets),
  });

export function useUserTickets(id: string, { enabled }: { enabled: boolean }) {
  return useInfiniteQuery({ ...getUserTicketsQueryOptions(id), enabled });
}
