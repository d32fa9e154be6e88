import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type Plan = InferResponseType<typeof api.billing.plans.$get, 200>['plans'][number];

export async function fetchPlans() {
  return (await unwrap(await api.billing.plans.$get())).plans;
}

export const getPlansQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'plans'], queryFn: fetchPlans, staleTime: 10 * 60_000 });

export function usePlans() {
  return useQuery(getPlansQueryOptions());
}
