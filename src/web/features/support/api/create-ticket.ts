import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTicketInput } from '../../../../shared/schemas/support';
import { api, unwrap } from '../../../lib/api-client';
import { getTicketsQueryOptions } from './get-tickets';

export async function createTicket(input: CreateTicketInput) {
  return unwrap(await api.support.tickets.$post({ json: input }));
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries(getTicketsQueryOptions()),
  });
}
