import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RateMessageInput } from '../../../../shared/schemas/ratings';
import { api, unwrap } from '../../../lib/api-client';
import { type ChatView, getChatQueryOptions } from './get-chat';

export interface AnswerRef {
  chatId: string;
  messageId: string;
}

const ratingEndpoint = api.chats[':chatId'].messages[':messageId'].rating;

/** Rates an answer (or clears its rating with `null`); the answer's rating on screen follows the server's. */
export async function rateAnswer(ref: AnswerRef, input: RateMessageInput | null) {
  const response = input
    ? await ratingEndpoint.$put({ param: ref, json: input })
    : await ratingEndpoint.$delete({ param: ref });
  return unwrap(response);
}

export function useRateAnswer(ref: AnswerRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RateMessageInput | null) => rateAnswer(ref, input),
    onSuccess: ({ rating }) => {
      queryClient.setQueryData(getChatQueryOptions(ref.chatId, false).queryKey, (view?: ChatView) => {
        if (!view) return view;
        const { [ref.messageId]: _previous, ...others } = view.ratings;
        return { ...view, ratings: rating ? { ...others, [ref.messageId]: rating } : others };
      });
    },
  });
}
