import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export async function recordOutcomeFromLink(token: string) {
  return unwrap(await api.plan['check-in'].outcome.$post({ query: { token } }));
}

/** The check-in mail's "How did it go?" link, without sign-in: the signed token is the proof. */
export function useRecordOutcomeFromLink() {
  return useMutation({ mutationFn: recordOutcomeFromLink });
}
