import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { adminUserKey } from './keys';

export async function fetchUserChats(id: string) {
  return (await unwrap(await api.admin.users[':id'].chats.$get({ param: { id } }))).chats;
}

export const getUserChatsQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...adminUserKey(id), 'chats'], queryFn: () => fetchUserChats(id) });

export function useUserChats(id: string) {
  return useQuery(getUserChatsQueryOptions(id));
}
