import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type ChatTranscript = InferResponseType<(typeof api.chats)[':chatId']['transcript']['$get'], 200>;
export type TranscriptVideo = ChatTranscript['videos'][number];

/** `readOnly`: a super admin reads another user's consultation (`?ia=1`), as its page does. */
export async function fetchChatTranscript(chatId: string, readOnly: boolean): Promise<ChatTranscript> {
  const query = readOnly ? { ia: '1' as const } : {};
  return unwrap(await api.chats[':chatId'].transcript.$get({ param: { chatId }, query }));
}

/** `sources`: what the chat's videos are now (ids and removals): a video added or removed reads it again. */
export const getChatTranscriptQueryOptions = (chatId: string, readOnly: boolean, sources: string) =>
  queryOptions({
    queryKey: ['chat-transcript', chatId, readOnly, sources],
    queryFn: () => fetchChatTranscript(chatId, readOnly),
    // The transcripts already shown stay while another video's arrive.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === chatId ? previous : undefined,
  });

/** `enabled`: only once the chat itself has loaded (a chat that is missing has no transcript to ask for). */
export function useChatTranscript(chatId: string, readOnly: boolean, sources: string, enabled: boolean) {
  return useQuery({ ...getChatTranscriptQueryOptions(chatId, readOnly, sources), enabled });
}
