import { type CatalogResult, catalogProblem, getJson } from '../video-catalog/catalog-http';
import { QUOTA_UNITS, type QuotaLedger } from '../video-catalog/quota';
import { classifyApiError, parseIsoDuration } from '../video-catalog/youtube-data-api';
import type { ChannelDetails, PageRef } from './index';

interface ApiChannel {
  id?: string;
  snippet?: { title?: string; thumbnails?: Record<string, { url?: string } | undefined> };
}

interface ApiVideoLength {
  id?: string;
  contentDetails?: { duration?: string };
}

/** channels.list's lookup parameter for a reference it can answer (not legacy custom links). */
function lookupParams(ref: PageRef): Record<string, string> | null {
  if (ref.kind === 'handle') return { forHandle: ref.handle };
  if (ref.kind === 'id') return { id: ref.channelId };
  if (ref.kind === 'custom' && ref.path.startsWith('user/')) return { forUsername: ref.path.slice(5) };
  return null;
}

/** What each Data API call of the channels needs: the key, where, and the shared quota count. */
export interface DataApiOptions {
  apiKey: string;
  apiUrl: string;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  now: () => Date;
  ledger: QuotaLedger;
}

/**
 * One GET of a Data API list (`channels`, `videos`): its units counted first, its items or why there
 * are none; a quotaExceeded answer stops every call until the quota day ends.
 */
async function listItems<T>(
  options: DataApiOptions,
  resource: 'channels' | 'videos',
  params: Record<string, string>,
): Promise<CatalogResult<T[]>> {
  if (!(await options.ledger.spend(QUOTA_UNITS[resource], options.now())))
    return catalogProblem('quota_exceeded');
  const query = new URLSearchParams({ ...params, key: options.apiKey });
  const result = await getJson(options.fetch, `${options.apiUrl}/${resource}?${query}`, options.timeoutMs);
  if (!result.ok) return result;
  if (!result.response.ok) {
    const problem = classifyApiError(result.response.status, result.body);
    if (problem.kind === 'quota_exceeded') await options.ledger.markExhausted(options.now());
    return { ok: false, problem };
  }
  return { ok: true, value: (result.body as { items?: T[] } | null)?.items ?? [] };
}

/** videos.list takes at most this many ids a call. */
export const DURATIONS_PER_CALL = 50;

/**
 * The lengths of up to 50 videos from one videos.list (contentDetails, 1 unit): seconds by video id,
 * without the videos YouTube does not know or gives no length (live streams say 'P0D').
 */
export async function videoDurations(
  options: DataApiOptions,
  videoIds: string[],
): Promise<CatalogResult<Map<string, number>>> {
  const listed = await listItems<ApiVideoLength>(options, 'videos', {
    part: 'contentDetails',
    id: videoIds.slice(0, DURATIONS_PER_CALL).join(','),
  });
  if (!listed.ok) return listed;
  const durations = new Map<string, number>();
  for (const video of listed.value) {
    const seconds = parseIsoDuration(video.contentDetails?.duration);
    if (video.id && seconds) durations.set(video.id, seconds);
  }
  return { ok: true, value: durations };
}

/**
 * With a key: handles, ids and user names resolved by channels.list (1 unit, counted first); what it
 * cannot look up (custom links) or cannot answer now (quota spent, unreachable) goes to the
 * channel page instead.
 */
export function createDataApiChannelFinder(
  options: DataApiOptions & { fallback: (ref: PageRef) => Promise<CatalogResult<ChannelDetails>> },
) {
  async function channelsList(params: Record<string, string>): Promise<CatalogResult<ChannelDetails>> {
    const listed = await listItems<ApiChannel>(options, 'channels', { part: 'snippet', ...params });
    if (!listed.ok) return listed;
    const channel = listed.value[0];
    if (!channel?.id || !channel.snippet?.title) return catalogProblem('not_found');
    const thumbnails = channel.snippet.thumbnails ?? {};
    return {
      ok: true,
      value: {
        channelId: channel.id,
        title: channel.snippet.title,
        avatarUrl: thumbnails.medium?.url ?? thumbnails.default?.url ?? null,
      },
    };
  }

  return async (ref: PageRef): Promise<CatalogResult<ChannelDetails>> => {
    const params = lookupParams(ref);
    if (!params) return options.fallback(ref);
    const found = await channelsList(params);
    if (found.ok || found.problem.kind === 'not_found') return found;
    return options.fallback(ref);
  };
}
