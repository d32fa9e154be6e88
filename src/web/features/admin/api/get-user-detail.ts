import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';
import { adminUserKey } from './keys';

export type AdminUserDetail = InferResponseType<(typeof api.admin.users)[':id']['$get'], 200>;

export async function fetchUserDetail(id: string): Promise<AdminUserDetail> {
  return unwrap(await api.admin.users[':id'].$get({ param: { id } }));
}

export const getUserDetailQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...adminUserKey(id), 'detail'], queryFn: () => fetchUserDetail(id) });

export function useUserDetail(id: string) {
  return useQuery(getUserDetailQueryOptions(id));
}
