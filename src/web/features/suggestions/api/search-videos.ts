import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import type { VideoList } from './get-trending';
import { SUGGESTIONS_KEY } from './keys';

/** Videos for the user's saved keywords (the server reads them: saving keywords refreshes this). */
export async function searchVideos(): Promise<VideoList> {
  return unwrap(await api.suggestions.search.$get());
}

export const getSearchVideosQueryOptions = () =>
  queryOptions({ queryKey: [...SUGGESTIONS_KEY, 'search'], queryFn: searchVideos, staleTime: 0 });

export function useSearchVideos() {
  return useQuery(getSearchVideosQueryOptions());
}
