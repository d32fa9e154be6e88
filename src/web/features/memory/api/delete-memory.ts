import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { MEMORY_KEY } from './keys';

export async function deleteMemory(memoryId: string) {
  return unwrap(await api.memory[':memoryId'].$delete({ param: { memoryId } }));
}

export function useDeleteMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMemory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMORY_KEY }),
  });
}
