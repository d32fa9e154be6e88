import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type PaymentMethodView = InferResponseType<(typeof api.billing)['payment-method']['$get'], 200>;

export async function fetchPaymentMethod(): Promise<PaymentMethodView> {
  return unwrap(await api.billing['payment-method'].$get());
}

export const getPaymentMethodQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'payment-method'], queryFn: fetchPaymentMethod });

export function usePaymentMethod() {
  return useQuery(getPaymentMethodQueryOptions());
}
