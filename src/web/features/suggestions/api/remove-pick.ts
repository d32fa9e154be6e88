import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { ADMIN_PICKS_KEY } from './keys';

export async function removePick(id: string) {
  return unwrap(await api.admin.suggestions[':id'].$delete({ param: { id } }));
}

export function useRemovePick() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePick,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_PICKS_KEY }),
  });
}
