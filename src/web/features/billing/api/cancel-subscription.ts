import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { getSubscriptionQueryOptions } from './get-subscription';

export async function cancelSubscription(subscriptionId: string) {
  return unwrap(await api.billing.subscription.cancel.$post({ json: { subscriptionId } }));
}

export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelSubscription,
    onSuccess: (view) => queryClient.setQueryData(getSubscriptionQueryOptions().queryKey, view),
  });
}
