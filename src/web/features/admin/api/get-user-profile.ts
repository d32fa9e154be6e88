import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { adminUserKey } from './keys';

export type UserProfile = Awaited<ReturnType<typeof fetchUserProfile>>;

export async function fetchUserProfile(id: string) {
  return (await unwrap(await api.admin.users[':id'].profile.$get({ param: { id } }))).profile;
}

export const getUserProfileQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...adminUserKey(id), 'profile'], queryFn: () => fetchUserProfile(id) });

export function useUserProfile(id: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getUserProfileQueryOptions(id), enabled });
}
