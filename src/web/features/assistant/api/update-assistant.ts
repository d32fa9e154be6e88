import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssistantSettingsInput } from '../../../../shared/schemas/assistant';
import { api, unwrap } from '../../../lib/api-client';
import { getAssistantQueryOptions } from './get-assistant';

export async function updateAssistant(input: AssistantSettingsInput) {
  return unwrap(await api.admin.assistant.$put({ json: input }));
}

export function useUpdateAssistant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAssistant,
    onSuccess: (saved) => queryClient.setQueryData(getAssistantQueryOptions().queryKey, saved),
  });
}
