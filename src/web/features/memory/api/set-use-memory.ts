import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export async function setUseMemory({ chatId, useMemory }: { chatId: string; useMemory: boolean }) {
  return unwrap(await api.chats[':chatId']['use-memory'].$put({ param: { chatId }, json: { useMemory } }));
}

/** A consultation's "Use memory" switch; `onSaved` refreshes the chat that shows it. */
export function useSetUseMemory(onSaved: () => void) {
  return useMutation({ mutationFn: setUseMemory, onSuccess: onSaved });
}
