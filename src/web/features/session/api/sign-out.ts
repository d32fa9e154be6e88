import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A plain POST to Better Auth's sign-out endpoint: the header uses it on every page, and the
 * auth client library stays out of the first-load bundle.
 */
export async function signOut(): Promise<void> {
  const response = await fetch('/api/auth/sign-out', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new Error(`Sign-out failed (${response.status})`);
}

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
