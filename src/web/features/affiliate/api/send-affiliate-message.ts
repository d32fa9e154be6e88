import { useMutation } from '@tanstack/react-query';
import type { AffiliateMessageInput } from '../../../../shared/schemas/support';
import { api, unwrap } from '../../../lib/api-client';

export async function sendAffiliateMessage(input: AffiliateMessageInput) {
  return unwrap(await api.affiliate.$post({ json: input }));
}

export function useSendAffiliateMessage() {
  return useMutation({ mutationFn: sendAffiliateMessage });
}
