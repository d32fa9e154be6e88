import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERROR_CODES } from '../../../../shared/errors';
import { api, isApiError, unwrap } from '../../../lib/api-client';
import type { AnswerRef } from './rate-answer';

/** Times a request is asked again while another request writes this user's suggestions. */
const RETRIES_WHILE_WRITTEN = 6;

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
    // Other suggestions (an earlier answer's, another tab's) are being written: they come back after them.
    retry: (failures, error) =>
      isApiError(error, ERROR_CODES.followUpsInProgress) && failures < RETRIES_WHILE_WRITTEN,
    retryDelay: (failures) => Math.min(1_000 * 2 ** failures, 8_000),
  });

export function useFollowUps(ref: AnswerRef) {
  return useQuery(getFollowUpsQueryOptions(ref));
}
