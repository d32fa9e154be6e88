import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickInput } from '../../../../shared/schemas/suggestions';
import { api, unwrap } from '../../../lib/api-client';
import { ADMIN_PICKS_KEY } from './keys';

/** Adds a pick, or replaces one when `id` is given. */
export async function savePick({ id, input }: { id?: string; input: PickInput }) {
  if (id) return unwrap(await api.admin.suggestions[':id'].$put({ param: { id }, json: input }));
  return unwrap(await api.admin.suggestions.$post({ json: input }));
}

export function useSavePick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePick,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_PICKS_KEY }),
  });
}
