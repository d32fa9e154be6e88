import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { PLAN_KEY } from './keys';

export async function deletePlanItem(itemId: string) {
  return unwrap(await api.plan.items[':itemId'].$delete({ param: { itemId } }));
}

export function useDeletePlanItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlanItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PLAN_KEY }),
  });
}
