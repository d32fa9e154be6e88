import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { ADMIN_PICKS_KEY } from './keys';

export async function reorderPicks(input: { week: string; ids: string[] }) {
  return unwrap(await api.admin.suggestions.order.$put({ json: input }));
}

/** Saves a week's order; each save sends the whole order, so saves run one after another. */
export function useReorderPicks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderPicks,
    scope: { id: 'reorder-picks' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_PICKS_KEY }),
  });
}
