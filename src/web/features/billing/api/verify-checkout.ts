import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, unwrap } from '../../../lib/api-client';

/** Checks the checkout session a return URL names (`session_id`) and applies it when complete. */
export async function verifyCheckout(sessionId: string) {
  return unwrap(await api.billing.checkout.verify.$post({ json: { sessionId } }));
}

export function useVerifyCheckout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyCheckout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing'] }),
  });
}

/**
 * Verifies the `session_id` a checkout return URL carries, once per id, and reports the outcome:
 * 'complete', 'incomplete' (not paid or saved) or 'failed' (the request itself failed).
 */
export function useCheckoutReturn(
  sessionId: string | null,
  onOutcome: (outcome: 'complete' | 'incomplete' | 'failed', error?: Error) => void,
) {
  const verify = useVerifyCheckout();
  const handled = useRef<string | null>(null);
  const onOutcomeRef = useRef(onOutcome);
  onOutcomeRef.current = onOutcome;
  useEffect(() => {
    if (!sessionId || handled.current === sessionId) return;
    handled.current = sessionId;
    verify.mutate(sessionId, {
      onSuccess: (result) => onOutcomeRef.current(result.status === 'complete' ? 'complete' : 'incomplete'),
      onError: (error) => onOutcomeRef.current('failed', error),
    });
  }, [sessionId, verify.mutate]);
  return verify;
}
