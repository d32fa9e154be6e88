import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { AnswerRef } from './rate-answer';

/** The follow-up questions suggested under an answer (made once by the server, then kept). */
export async function fetchFollowUps(ref: AnswerRef): Promise<string[]> {
  const endpoint = api.chats[':chatId'].messages[':messageId']['follow-ups'];
  return (await unwrap(await endpoint.$post({ param: ref }))).questions;
}

export const getFollowUpsQueryOptions = (ref: AnswerRef) =>
  queryOptions({
    queryKey: ['chat', ref.chatId, 'follow-ups', ref.messageId],
    queryFn: () => fetchFollowUps(ref),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useFollowUps(ref: AnswerRef) {
  return useQuery(getFollowUpsQueryOptions(ref));
}
