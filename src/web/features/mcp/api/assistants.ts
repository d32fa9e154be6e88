import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export async function fetchAssistants() {
  return unwrap(await api.account.assistants.$get());
}

export const getAssistantsQueryOptions = () =>
  queryOptions({ queryKey: ['connected-assistants'], queryFn: fetchAssistants });

export function useAssistants() {
  return useQuery(getAssistantsQueryOptions());
}

export async function disconnectAssistant(clientId: string) {
  return unwrap(await api.account.assistants[':clientId'].$delete({ param: { clientId } }));
}

export function useDisconnectAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectAssistant,
    onSuccess: () => queryClient.invalidateQueries(getAssistantsQueryOptions()),
  });
}
