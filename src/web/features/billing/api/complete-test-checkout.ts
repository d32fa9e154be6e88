import { useMutation } from '@tanstack/react-query';
import type { TestCardInput } from '../../../../shared/schemas/billing';
import { api, unwrap } from '../../../lib/api-client';

export async function completeTestCheckout({ sessionId, card }: { sessionId: string; card: TestCardInput }) {
  return unwrap(
    await api.billing['test-checkout'][':sessionId'].complete.$post({ param: { sessionId }, json: card }),
  );
}

export function useCompleteTestCheckout() {
  return useMutation({ mutationFn: completeTestCheckout });
}
