import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { adminUserKey } from './keys';

export async function fetchUserTickets(id: string) {
  return (await unwrap(await api.admin.users[':id'].tickets.$get({ param: { id } }))).tickets;
}

export const getUserTicketsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...adminUserKey(id), 'tickets'], queryFn: () => fetchUserTickets(id) });

export function useUserTickets(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getUserTicketsQueryOptions(id), enabled });
}
