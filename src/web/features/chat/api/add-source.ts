import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateChatInput } from '../../../../shared/schemas/consult';
import { api, unwrap } from '../../../lib/api-client';
import { getChatQueryOptions } from './get-chat';

export async function addSource(chatId: string, input: CreateChatInput) {
  return unwrap(await api.chats[':chatId'].sources.$post({ param: { chatId }, json: input }));
}

/** Adds a video to the chat; the chat is read again so its sources and history show it. */
export function useAddSource(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChatInput) => addSource(chatId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getChatQueryOptions(chatId, false).queryKey }),
  });
}
