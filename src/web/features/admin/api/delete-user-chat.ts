import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { getUserChatsQueryOptions } from './get-user-chats';

export async function deleteUserChat(chatId: string) {
  return unwrap(await api.admin.chats[':id'].$delete({ param: { id: chatId } }));
}

export function useDeleteUserChat(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUserChat,
    onSuccess: () => queryClient.invalidateQueries(getUserChatsQueryOptions(userId)),
  });
}
