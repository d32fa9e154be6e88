import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdatePlanItemInput } from '../../../../shared/schemas/plan';
import { api, unwrap } from '../../../lib/api-client';
import { PLAN_KEY } from './keys';

/** Changes an item's title, why, due date, status (it goes last in the new one) or note. */
export async function updatePlanItem({ itemId, changes }: { itemId: string; changes: UpdatePlanItemInput }) {
  return (await unwrap(await api.plan.items[':itemId'].$patch({ param: { itemId }, json: changes }))).item;
}

export function useUpdatePlanItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlanItem,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PLAN_KEY }),
  });
}
