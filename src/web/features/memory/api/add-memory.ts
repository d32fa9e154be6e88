import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddMemoryInput } from '../../../../shared/schemas/memory';
import { api, unwrap } from '../../../lib/api-client';
import { MEMORY_KEY } from './keys';

export async function addMemory(input: AddMemoryInput) {
  return unwrap(await api.memory.$post({ json: input }));
}

export function useAddMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addMemory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMORY_KEY }),
  });
}
