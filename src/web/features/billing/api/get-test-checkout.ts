import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

type Endpoint = (typeof api.billing)['test-checkout'][':sessionId']['$get'];
export type TestCheckout = InferResponseType<Endpoint, 200>;

export async function fetchTestCheckout(sessionId: string): Promise<TestCheckout> {
  return unwrap(await api.billing['test-checkout'][':sessionId'].$get({ param: { sessionId } }));
}

export const getTestCheckoutQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: ['billing', 'test-checkout', sessionId],
    queryFn: () => fetchTestCheckout(sessionId),
  });

export function useTestCheckout(sessionId: string) {
  return useQuery(getTestCheckoutQueryOptions(sessionId));
}
