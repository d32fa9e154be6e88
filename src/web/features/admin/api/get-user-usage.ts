import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { adminUserKey } from './keys';

export async function fetchUserUsage(id: string) {
  return unwrap(await api.admin.users[':id'].usage.$get({ param: { id } }));
}

export const getUserUsageQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...adminUserKey(id), 'usage'], queryFn: () => fetchUserUsage(id) });

export function useUserUsage(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getUserUsageQueryOptions(id), enabled });
}
