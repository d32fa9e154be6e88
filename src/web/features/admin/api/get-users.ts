import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';
import { ADMIN_KEY } from './keys';

export type AdminUsersPage = InferResponseType<typeof api.admin.users.$get, 200>;

export async function fetchAdminUsers(q: string, page: number): Promise<AdminUsersPage> {
  return unwrap(await api.admin.users.$get({ query: { q, page: String(page) } }));
}

export const getAdminUsersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'users', q, page],
    queryFn: () => fetchAdminUsers(q, page),
    placeholderData: keepPreviousData,
  });

export function useAdminUsers(q: string, page: number) {
  return useQuery(getAdminUsersQueryOptions(q, page));
}
