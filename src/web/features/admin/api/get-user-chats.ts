import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { cursorPaging, joinPages } from '../../../lib/cursor-pages';
import { adminUserKey } from './keys';

export async function fetchUserChats(id: string, cursor?: string) {
  return unwrap(await api.admin.users[':id'].chats.$get({ param: { id }, query: { cursor } }));
}

export const getUserChatsQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: [...adminUserKey(id), 'chats'],
    queryFn: ({ pageParam }) => fetchUserChats(id, pageParam),
    ...cursorPaging,
    select: (data) => joinPages(data, (page) => page.chats),
  });

export function useUserChats(id: string) {
  return useInfiniteQuery(getUserChatsQueryOptions(id));
}
