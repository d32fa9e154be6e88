import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { getChatQueryOptions } from './get-chat';

export async function removeSource(chatId: string, sourceId: string) {
  return unwrap(await api.chats[':chatId'].sources[':sourceId'].$delete({ param: { chatId, sourceId } }));
}

export function useRemoveSource(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceId: string) => removeSource(chatId, sourceId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getChatQueryOptions(chatId, false).queryKey }),
  });
}
