import { useMutation } from '@tanstack/react-query';
import type { PlanOutcomeInput } from '../../../../shared/schemas/memory';
import { api, unwrap } from '../../../lib/api-client';

export async function recordOutcome({ itemId, outcome }: { itemId: string; outcome: PlanOutcomeInput }) {
  return unwrap(await api.plan.items[':itemId'].outcome.$post({ param: { itemId }, json: outcome }));
}

/** "How did it go?": a step done or dropped, remembered with its outcome. */
export function useRecordOutcome() {
  return useMutation({ mutationFn: recordOutcome });
}
