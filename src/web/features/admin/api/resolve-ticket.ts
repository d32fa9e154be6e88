import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { ADMIN_KEY } from './keys';

export async function resolveTicket(ticketId: string) {
  return unwrap(await api.admin.tickets[':id'].resolve.$post({ param: { id: ticketId } }));
}

export function useResolveTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveTicket,
    // The user's badge and the users list's counts change too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
