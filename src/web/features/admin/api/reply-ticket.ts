import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { adminUserKey } from './keys';

export async function replyTicket({ ticketId, message }: { ticketId: string; message: string }) {
  return unwrap(await api.admin.tickets[':id'].replies.$post({ param: { id: ticketId }, json: { message } }));
}

export function useReplyTicket(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminUserKey(userId) }),
  });
}
