import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ForgetMemoryInput } from '../../../../shared/schemas/memory';
import { api, unwrap } from '../../../lib/api-client';
import { MEMORY_KEY } from './keys';

export async function forgetEverything(input: ForgetMemoryInput) {
  return unwrap(await api.memory.forget.$post({ json: input }));
}

export function useForgetEverything() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forgetEverything,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MEMORY_KEY }),
  });
}
