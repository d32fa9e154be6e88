import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export async function unsubscribe(token: string) {
  return unwrap(await api.suggestions.unsubscribe.$post({ query: { token } }));
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
