import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddPlanItemsInput } from '../../../../shared/schemas/plan';
import { api, unwrap } from '../../../lib/api-client';
import { PLAN_KEY } from './keys';

/** Adds items from a proposal (with its answer's id: adding it twice does not duplicate) or by hand. */
export async function addPlanItems(input: AddPlanItemsInput) {
  return (await unwrap(await api.plan.items.$post({ json: input }))).items;
}

export function useAddPlanItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPlanItems,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAN_KEY }),
  });
}
