import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type ChatView = InferResponseType<(typeof api.chats)[':chatId']['$get'], 200>;
export type StoredMessage = ChatView['messages'][number];
export type ChatSource = ChatView['sources'][number];

export async function fetchChat(chatId: string, readOnly: boolean): Promise<ChatView> {
  return unwrap(await api.chats[':chatId'].$get({ param: { chatId }, query: readOnly ? { ia: '1' } : {} }));
}

export const getChatQueryOptions = (chatId: string, readOnly: boolean) =>
  queryOptions({
    queryKey: ['chat', chatId, readOnly],
    queryFn: () => fetchChat(chatId, readOnly),
    staleTime: 0,
  });

export function useChatView(chatId: string, readOnly: boolean) {
  return useQuery(getChatQueryOptions(chatId, readOnly));
}
