import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { CHATS_KEY } from './get-recent-chats';

export async function renameChat({ id, title }: { id: string; title: string }) {
  return unwrap(await api.chats[':id'].$patch({ param: { id }, json: { title } }));
}

export function useRenameChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameChat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHATS_KEY }),
  });
}
