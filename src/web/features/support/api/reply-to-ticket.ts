import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { getTicketsQueryOptions } from './get-tickets';

export async function replyToTicket({ ticketId, message }: { ticketId: string; message: string }) {
  return unwrap(
    await api.support.tickets[':id'].replies.$post({ param: { id: ticketId }, json: { message } }),
  );
}

export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToTicket,
    onSuccess: () => queryClient.invalidateQueries(getTicketsQueryOptions()),
  });
}
