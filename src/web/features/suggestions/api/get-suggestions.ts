import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';
import { SUGGESTIONS_KEY } from './keys';

export type SuggestionsPage = InferResponseType<typeof api.suggestions.$get, 200>;
export type VideoCard = SuggestionsPage['picks'][number];

export async function fetchSuggestions(): Promise<SuggestionsPage> {
  return unwrap(await api.suggestions.$get());
}

// staleTime 0: coming back from a consultation shows its 'Already consulted' badge at once.
export const getSuggestionsQueryOptions = () =>
  queryOptions({ queryKey: [...SUGGESTIONS_KEY, 'page'], queryFn: fetchSuggestions, staleTime: 0 });

export function useSuggestions() {
  return useQuery(getSuggestionsQueryOptions());
}
