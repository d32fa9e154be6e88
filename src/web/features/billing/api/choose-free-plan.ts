import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FreePlanId } from '../../../../shared/plans';
import { api, unwrap } from '../../../lib/api-client';

export async function chooseFreePlan(planId: FreePlanId) {
  return unwrap(await api.billing['free-plan'].$post({ json: { planId } }));
}

export function useChooseFreePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseFreePlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing'] }),
  });
}
