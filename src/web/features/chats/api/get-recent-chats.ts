import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type RecentChats = InferResponseType<typeof api.chats.$get, 200>;

export async function fetchRecentChats(): Promise<RecentChats> {
  return unwrap(await api.chats.$get());
}

/** Every chat query sits under this key, so one invalidation refreshes lists and searches. */
export const CHATS_KEY = ['chats'] as const;

export const getRecentChatsQueryOptions = () =>
  queryOptions({ queryKey: [...CHATS_KEY, 'recent'], queryFn: fetchRecentChats });

export function useRecentChats() {
  return useQuery(getRecentChatsQueryOptions());
}
