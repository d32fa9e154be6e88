import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { getMeQueryOptions } from './get-me';
import { signOut } from './sign-out';

/**
 * Signs out, goes home, then forgets every cached answer of the previous user. The cache is emptied
 * only after the signed-in page is gone: emptying it while that page's queries are mounted would
 * refetch them without a session (401s), and the guard would send the user to /auth instead of /.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: signOut,
    onSettled: async () => {
      await navigate('/');
      queryClient.setQueryData(getMeQueryOptions().queryKey, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'me' });
    },
  });
}
