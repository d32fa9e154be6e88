import { api } from './api-client';

/**
 * Stops the chat's answer on the server (decision 065), for every tab that shows it; resolves once what
 * arrived is saved. An answer that ended meanwhile (409) has nothing left to stop.
 */
export async function stopReply(chatId: string): Promise<void> {
  const response = await api.chats[':chatId'].stop.$post({ param: { chatId } });
  if (!response.ok && (response.status as number) !== 409) throw new Error('Could not stop the response');
}
