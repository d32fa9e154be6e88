import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { getSubscriptionQueryOptions } from './get-subscription';

export async function resumeSubscription(subscriptionId: string) {
  return unwrap(await api.billing.subscription.resume.$post({ json: { subscriptionId } }));
}

export function useResumeSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resumeSubscription,
    onSuccess: (view) => queryClient.setQueryData(getSubscriptionQueryOptions().queryKey, view),
  });
}
