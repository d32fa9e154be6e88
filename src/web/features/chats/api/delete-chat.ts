import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { CHATS_KEY } from './get-recent-chats';

export async function deleteChat(id: string) {
  return unwrap(await api.chats[':id'].$delete({ param: { id } }));
}

export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHATS_KEY }),
  });
}
