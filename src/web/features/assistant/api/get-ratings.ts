import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type RatingsSummary = InferResponseType<typeof api.admin.assistant.ratings.$get, 200>;

export async function fetchRatings(): Promise<RatingsSummary> {
  return unwrap(await api.admin.assistant.ratings.$get());
}

export const getRatingsQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'assistant', 'ratings'], queryFn: fetchRatings, retry: false });

export function useRatings() {
  return useQuery(getRatingsQueryOptions());
}
