import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateMemoryInput } from '../../../../shared/schemas/memory';
import { api, unwrap } from '../../../lib/api-client';
import { MEMORY_KEY } from './keys';

export async function updateMemory({ memoryId, changes }: { memoryId: string; changes: UpdateMemoryInput }) {
  return unwrap(await api.memory[':memoryId'].$patch({ param: { memoryId }, json: changes }));
}

export function useUpdateMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMemory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMORY_KEY }),
  });
}
