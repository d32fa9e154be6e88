import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { getChatQueryOptions } from './get-chat';

export async function showVersion(chatId: string, messageId: string) {
  return unwrap(await api.chats[':chatId'].branch.$put({ param: { chatId }, json: { messageId } }));
}

/** Shows another version of a message (the branch below it); the chat's view comes back with it. */
export function useShowVersion(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string) => showVersion(chatId, messageId),
    onSuccess: (view) => queryClient.setQueryData(getChatQueryOptions(chatId, false).queryKey, view),
  });
}
