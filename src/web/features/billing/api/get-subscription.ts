import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type SubscriptionView = InferResponseType<typeof api.billing.subscription.$get, 200>;
export type Subscription = NonNullable<SubscriptionView['subscription']>;

export async function fetchSubscription(): Promise<SubscriptionView> {
  return unwrap(await api.billing.subscription.$get());
}

export const getSubscriptionQueryOptions = () =>
  queryOptions({ queryKey: ['billing', 'subscription'], queryFn: fetchSubscription });

export function useSubscription() {
  return useQuery(getSubscriptionQueryOptions());
}

/** The plan the user is on now: a running subscription's, else the chosen free plan. */
export function currentPlanId(view: SubscriptionView | undefined): string | null {
  if (view?.subscription?.active) return view.subscription.planId;
  return view?.freePlan?.id ?? null;
}
