import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';
import { CHANNELS_KEY } from './keys';

export type FollowedChannels = InferResponseType<typeof api.channels.$get, 200>;
export type FollowedChannel = FollowedChannels['channels'][number];

export async function fetchChannels(): Promise<FollowedChannels> {
  return unwrap(await api.channels.$get());
}

export const getChannelsQueryOptions = () =>
  queryOptions({ queryKey: [...CHANNELS_KEY, 'list'], queryFn: fetchChannels });

export function useChannels() {
  return useQuery(getChannelsQueryOptions());
}
