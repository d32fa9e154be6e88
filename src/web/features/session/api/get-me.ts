import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, isApiError, unwrap } from '../../../lib/api-client';

export type Me = InferResponseType<typeof api.me.$get, 200>;

/** The signed-in user, or null when signed out. */
export async function fetchMe(): Promise<Me | null> {
  try {
    return await unwrap(await api.me.$get());
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const getMeQueryOptions = () =>
  queryOptions({ queryKey: ['me'], queryFn: fetchMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(getMeQueryOptions());
}
