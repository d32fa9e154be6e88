import { type CatalogResult, catalogProblem, getJson } from '../video-catalog/catalog-http';
import { QUOTA_UNITS, type QuotaLedger } from '../video-catalog/quota';
import { classifyApiError } from '../video-catalog/youtube-data-api';
import type { ChannelDetails, PageRef } from './index';

interface ApiChannel {
  id?: string;
  snippet?: { title?: string; thumbnails?: Record<string, { url?: string } | undefined> };
}

/** channels.list's lookup parameter for a reference it can answer (not legacy custom links). */
function lookupParams(ref: PageRef): Record<string, string> | null {
  if (ref.kind === 'handle') return { forHandle: ref.handle };
  if (ref.kind === 'id') return { id: ref.channelId };
  if (ref.kind === 'custom' && ref.path.startsWith('user/')) return { forUsername: ref.path.slice(5) };
  return null;
}

/**
 * With a key: handles, ids and user names resolved by channels.list (1 unit, counted first); what it
 * cannot look up (custom links) or cannot answer now (quota spent, unreachable) goes to the
 * channel page instead.
 */
export function createDataApiChannelFinder(options: {
  apiKey: string;
  apiUrl: string;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  now: () => Date;
  ledger: QuotaLedger;
  fallback: (ref: PageRef) => Promise<CatalogResult<ChannelDetails>>;
}) {
  async function channelsList(params: Record<string, string>): Promise<CatalogResult<ChannelDetails>> {
    if (!(await options.ledger.spend(QUOTA_UNITS.channels, options.now())))
      return catalogProblem('quota_exceeded');
    const query = new URLSearchParams({ part: 'snippet', ...params, key: options.apiKey });
    const result = await getJson(options.fetch, `${options.apiUrl}/channels?${query}`, options.timeoutMs);
    if (!result.ok) return result;
    if (!result.response.ok) {
      const problem = classifyApiError(result.response.status, result.body);
      if (problem.kind === 'quota_exceeded') await options.ledger.markExhausted(options.now());
      return { ok: false, problem };
    }
    const channel = ((result.body as { items?: ApiChannel[] } | null)?.items ?? [])[0];
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
