import type { InferResponseType } from 'hono/client';
import { api, isApiError, unwrap } from '../../../lib/api-client';

export type Me = InferResponseType<typeof api.me.$get, 200>;

/**
 * The signed-in user, or null when signed out. Kept apart from its query hook (get-me.ts) because the
 * prerendered landing page calls it without loading the query cache (docs/decisions/007).
 */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await unwrap(await api.me.$get());
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}
