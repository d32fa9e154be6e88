import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export async function unsubscribeCheckIn(token: string) {
  return unwrap(await api.plan['check-in'].unsubscribe.$post({ query: { token } }));
}

/** The check-in mail's unsubscribe link, without sign-in: the token is the proof. */
export function useUnsubscribeCheckIn() {
  return useMutation({ mutationFn: unsubscribeCheckIn });
}
