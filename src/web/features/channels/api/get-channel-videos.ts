import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { NewVideosSort } from '../../../../shared/schemas/channels';
import { api, unwrap } from '../../../lib/api-client';
import { CHANNELS_KEY } from './keys';

export type ChannelVideos = InferResponseType<typeof api.channels.videos.$get, 200>;

export async function fetchChannelVideos(sort: NewVideosSort): Promise<ChannelVideos> {
  return unwrap(await api.channels.videos.$get({ query: { sort } }));
}

// staleTime 0: coming back from a consultation shows its 'Already consulted' badge at once.
export const getChannelVideosQueryOptions = (sort: NewVideosSort) =>
  queryOptions({
    queryKey: [...CHANNELS_KEY, 'videos', sort],
    queryFn: () => fetchChannelVideos(sort),
    staleTime: 0,
  });

export function useChannelVideos(sort: NewVideosSort) {
  return useQuery(getChannelVideosQueryOptions(sort));
}
