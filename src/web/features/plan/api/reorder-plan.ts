import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanStatus } from '../../../../shared/schemas/plan';
import { api, unwrap } from '../../../lib/api-client';
import { PLAN_KEY } from './keys';

export async function reorderPlan(input: { status: PlanStatus; itemIds: string[] }) {
  return unwrap(await api.plan.order.$put({ json: input }));
}

/** Saves a status's order; each save sends the whole order, so saves run one after another. */
export function useReorderPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderPlan,
    scope: { id: 'reorder-plan' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PLAN_KEY }),
  });
}
