import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';
import { SUGGESTIONS_KEY } from './keys';

export type VideoList = InferResponseType<typeof api.suggestions.trending.$get, 200>;

export async function fetchTrending(): Promise<VideoList> {
  return unwrap(await api.suggestions.trending.$get());
}

export const getTrendingQueryOptions = () =>
  queryOptions({ queryKey: [...SUGGESTIONS_KEY, 'trending'], queryFn: fetchTrending, staleTime: 0 });

export function useTrending() {
  return useQuery(getTrendingQueryOptions());
}
