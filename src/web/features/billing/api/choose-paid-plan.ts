import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaidPlanId } from '../../../../shared/plans';
import { api, unwrap } from '../../../lib/api-client';

/** Starts a checkout (answered with the URL to go to) or, with a running subscription, changes its plan. */
export async function choosePaidPlan(planId: PaidPlanId) {
  return unwrap(await api.billing.checkout.$post({ json: { planId } }));
}

export function useChoosePaidPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: choosePaidPlan,
    onSuccess: (result) => {
      if (result.kind === 'updated') return queryClient.invalidateQueries({ queryKey: ['billing'] });
    },
  });
}
