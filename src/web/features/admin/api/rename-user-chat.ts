import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { getUserChatsQueryOptions } from './get-user-chats';

export async function renameUserChat({ chatId, title }: { chatId: string; title: string }) {
  return unwrap(await api.admin.chats[':id'].$patch({ param: { id: chatId }, json: { title } }));
}

export function useRenameUserChat(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameUserChat,
    onSuccess: () => queryClient.invalidateQueries(getUserChatsQueryOptions(userId)),
  });
}
