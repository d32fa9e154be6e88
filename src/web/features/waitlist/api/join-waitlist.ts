import { useMutation } from '@tanstack/react-query';
import type { JoinWaitlistInput } from '../../../../shared/schemas/waitlist';
import { api, unwrap } from '../../../lib/api-client';

export async function joinWaitlist(input: JoinWaitlistInput) {
  return unwrap(await api.waitlist.$post({ json: input }));
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
