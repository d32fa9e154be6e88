import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';
import { CHATS_KEY } from './get-recent-chats';

export type ChatSearchResult = InferResponseType<typeof api.chats.search.$get, 200>;

export async function searchChats(q: string, page: number): Promise<ChatSearchResult> {
  return unwrap(await api.chats.search.$get({ query: { q, page: String(page) } }));
}

export const getSearchChatsQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: [...CHATS_KEY, 'search', q, page],
    queryFn: () => searchChats(q, page),
    placeholderData: keepPreviousData,
  });

export function useSearchChats(q: string, page: number) {
  return useQuery(getSearchChatsQueryOptions(q, page));
}
