import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { youTubeWatchUrl } from '../../../shared/youtube';
import { api, unwrap } from '../../lib/api-client';

export type CaptionTrackList = InferResponseType<(typeof api)['caption-tracks']['$get'], 200>;
export type CaptionTrackOption = CaptionTrackList['tracks'][number];

export async function fetchCaptionTracks(videoId: string): Promise<CaptionTrackList> {
  return unwrap(await api['caption-tracks'].$get({ query: { youtubeUrl: youTubeWatchUrl(videoId) } }));
}

export const getCaptionTracksQueryOptions = (videoId: string) =>
  queryOptions({
    queryKey: ['caption-tracks', videoId],
    queryFn: () => fetchCaptionTracks(videoId),
    staleTime: 10 * 60_000,
    // Without a list the intake reads the video's preferred track: nothing to retry for.
    retry: false,
  });

/** The caption tracks of the video `videoId` names, once it is a YouTube video's. */
export function useCaptionTracks(videoId: string | null) {
  return useQuery({ ...getCaptionTracksQueryOptions(videoId ?? ''), enabled: videoId !== null });
}
