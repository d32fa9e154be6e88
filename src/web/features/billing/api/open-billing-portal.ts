import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export async function openBillingPortal() {
  return unwrap(await api.billing.portal.$post());
}

export function useOpenBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}
