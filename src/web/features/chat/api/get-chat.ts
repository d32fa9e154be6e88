import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type ChatView = InferResponseType<(typeof api.chats)[':chatId']['$get'], 200>;
export type StoredMessage = ChatView['messages'][number];
export type ChatSource = ChatView['sources'][number];

/** `version`: the branch through that message instead of the one on screen (read-only, stored nowhere). */
export async function fetchChat(chatId: string, readOnly: boolean, version?: string): Promise<ChatView> {
  const query = readOnly ? { ia: '1' as const, ...(version && { version }) } : {};
  return unwrap(await api.chats[':chatId'].$get({ param: { chatId }, query }));
}

export const getChatQueryOptions = (chatId: string, readOnly: boolean, version?: string) =>
  queryOptions({
    queryKey: ['chat', chatId, readOnly, ...(version ? [version] : [])],
    queryFn: () => fetchChat(chatId, readOnly, version),
    staleTime: 0,
    // Stepping to another version keeps the one shown until the next arrives (never another chat's).
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === chatId ? previous : undefined,
  });

export function useChatView(chatId: string, readOnly: boolean, version?: string) {
  return useQuery(getChatQueryOptions(chatId, readOnly, version));
}
