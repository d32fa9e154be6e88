import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { ADMIN_PICKS_KEY } from './keys';

export async function reorderPicks(input: { week: string; ids: string[] }) {
  return unwrap(await api.admin.suggestions.order.$put({ json: input }));
}

export function useReorderPicks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderPicks,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_PICKS_KEY }),
  });
}
