import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Listens to the server's billing event stream while mounted: a subscription change made anywhere
 * (a webhook, another tab) reloads the billing queries, then calls `onChange`. Off while `enabled`
 * is false (e.g. while the account is being deleted).
 */
export function useBillingLiveUpdates(onChange?: () => void, enabled = true) {
  const queryClient = useQueryClient();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    if (!enabled) return;
    const source = new EventSource('/api/billing/events');
    source.addEventListener('subscription', () => {
      void queryClient.invalidateQueries({ queryKey: ['billing'] });
      onChangeRef.current?.();
    });
    return () => source.close();
  }, [queryClient, enabled]);
}
