import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

const proposalRoute = api.chats[':chatId'].messages[':messageId']['plan-proposal'];
export type PlanProposal = InferResponseType<typeof proposalRoute.$post, 200>['proposal'];

interface Answer {
  chatId: string;
  messageId: string;
}

/** Asks for up to 7 action items drawn from an answer; nothing is stored. */
export async function proposePlan(answer: Answer): Promise<PlanProposal> {
  return (await unwrap(await proposalRoute.$post({ param: answer }))).proposal;
}

/**
 * A proposal costs tokens, so it is asked for once per answer and kept while the page lives
 * (reopening the dialog shows it again); never retried on its own: Try again asks anew.
 */
export const getPlanProposalQueryOptions = (answer: Answer) =>
  queryOptions({
    queryKey: ['plan-proposal', answer.chatId, answer.messageId],
    queryFn: () => proposePlan(answer),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function usePlanProposal(answer: Answer) {
  return useQuery(getPlanProposalQueryOptions(answer));
}
