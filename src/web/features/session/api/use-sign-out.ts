import { useMutation } from '@tanstack/react-query';
import { signOut } from './sign-out';

/**
 * Signs out, then loads the home page afresh. A full page load (not a client navigation) drops every
 * cached answer, open event stream and mounted query of the previous user at once, so nothing refetches
 * without a session and no guard can redirect mid-way.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: signOut,
    onSettled: () => window.location.assign('/'),
  });
}
