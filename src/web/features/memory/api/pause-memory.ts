import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { MEMORY_KEY } from './keys';

export async function pauseMemory(paused: boolean) {
  return unwrap(await api.memory.pause.$put({ json: { paused } }));
}

export function usePauseMemory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: pauseMemory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMORY_KEY }),
  });
}
