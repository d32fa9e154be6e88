import { useMutation } from '@tanstack/react-query';
import type { CreateChatInput } from '../../../../shared/schemas/consult';
import { api, unwrap } from '../../../lib/api-client';

export async function createChat(input: CreateChatInput) {
  return unwrap(await api.chats.$post({ json: input }));
}

export function useCreateChat() {
  return useMutation({ mutationFn: createChat });
}
