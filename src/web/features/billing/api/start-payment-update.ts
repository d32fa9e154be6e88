import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** A setup checkout for a new card: answered with the URL to go to. */
export async function startPaymentUpdate() {
  return unwrap(await api.billing['payment-method'].update.$post());
}

export function useStartPaymentUpdate() {
  return useMutation({ mutationFn: startPaymentUpdate });
}
