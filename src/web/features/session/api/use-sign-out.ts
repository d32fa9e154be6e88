import { useMutation, useQueryClient } from '@tanstack/react-query';
import { signOut } from './sign-out';

/** Signs out and forgets every cached answer of the previous user. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(['me'], null);
    },
  });
}
