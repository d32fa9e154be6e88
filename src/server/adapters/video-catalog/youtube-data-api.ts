import type { VideoDetails } from '../../../shared/suggestions';
import {
  type CatalogProblem,
  type CatalogResult,
  catalogProblem,
  createOutageGuard,
  getJson,
} from './catalog-http';
import type { VideoCatalog, VideoSearch } from './index';
import { QUOTA_UNITS, type QuotaLedger } from './quota';

interface Thumbnail {
  url?: string;
}

interface ApiVideo {
  id?: string;
  snippet?: {
    publishedAt?: string;
    title?: string;
    description?: string;
    channelTitle?: string;
    thumbnails?: Record<string, Thumbnail | undefined>;
  };
  contentDetails?: { duration?: string };
  statistics?: { viewCount?: string };
}

interface ApiError {
  error?: {
    message?: string;
    errors?: { reason?: string }[];
    details?: { reason?: string }[];
  };
}

const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded']);

/** What an error answer of the Data API means (its reasons are the documented error catalogue). */
export function classifyApiError(status: number, body: unknown): CatalogProblem {
  const error = (body as ApiError | null)?.error;
  const reasons = [...(error?.errors ?? []), ...(error?.details ?? [])].map((e) => e.reason ?? '');
  if (reasons.some((reason) => QUOTA_REASONS.has(reason))) return catalogProblem('quota_exceeded').problem;
  if (
    reasons.includes('keyInvalid') ||
    reasons.includes('API_KEY_INVALID') ||
    /API key not valid/i.test(error?.message ?? '')
  )
    return catalogProblem('key_invalid').problem;
  return catalogProblem(status === 404 ? 'not_found' : 'failed').problem;
}

/** An ISO 8601 duration as YouTube gives it ('PT1H2M3S', 'P1DT2H'); live streams say 'P0D' (unknown). */
export function parseIsoDuration(value: string | undefined): number | null {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value ?? '');
  if (!match) return null;
  const [, d, h, m, s] = match.map((part) => Number(part ?? 0));
  const seconds = d! * 86_400 + h! * 3_600 + m! * 60 + s!;
  return seconds > 0 ? seconds : null;
}

/** The 16:9 medium still when there is one, else the largest given. */
function pickThumbnail(thumbnails: Record<string, Thumbnail | undefined> = {}): string | null {
  for (const size of ['medium', 'high', 'standard', 'default', 'maxres']) {
    const url = thumbnails[size]?.url;
    if (url) return url;
  }
  return null;
}

function toDetails(video: ApiVideo): VideoDetails | null {
  if (!video.id || !video.snippet?.title) return null;
  const views = Number(video.statistics?.viewCount);
  return {
    videoId: video.id,
    title: video.snippet.title,
    channel: video.snippet.channelTitle ?? '',
    description: video.snippet.description ?? '',
    durationSeconds: parseIsoDuration(video.contentDetails?.duration),
    publishedOn: video.snippet.publishedAt?.slice(0, 10) ?? null,
    thumbnailUrl: pickThumbnail(video.snippet.thumbnails),
    viewCount: Number.isFinite(views) ? views : null,
  };
}

/** The `q` of search.list: keywords joined by YouTube's OR operator, phrases quoted. */
export function searchQuery(keywords: string[]): string {
  return keywords.map((k) => (/\s/.test(k) ? `"${k.replaceAll('"', '')}"` : k)).join('|');
}

/** RFC 3339 without fractions, as the Data API documents publishedAfter. */
const rfc3339 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * The YouTube Data API v3 with an API key: search.list (100 quota units) for ids, then videos.list
 * (1 unit) for lengths and view counts. Lookups read videos.list, and fall back to oEmbed when the
 * API cannot answer (quota spent, key refused, unreachable). Each call's units are counted in the
 * database first (`ledger`), and an unreachable API or a refused key is remembered for a few minutes.
 */
export function createYouTubeDataApiCatalog(options: {
  apiKey: string;
  apiUrl: string;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  now: () => Date;
  ledger: QuotaLedger;
  fallbackLookup: (videoId: string) => Promise<CatalogResult<VideoDetails>>;
}): VideoCatalog {
  const base = options.apiUrl.replace(/\/+$/, '');
  const unlessOut = createOutageGuard(options.now);

  /** Makes the calls of `attempt` unless YouTube is known to be out or they would cross the budget. */
  function spending<T>(units: number, attempt: () => Promise<CatalogResult<T>>) {
    return unlessOut(async () => {
      if (!(await options.ledger.spend(units, options.now()))) return catalogProblem('quota_exceeded');
      const result = await attempt();
      if (!result.ok && result.problem.kind === 'quota_exceeded')
        await options.ledger.markExhausted(options.now());
      return result;
    });
  }

  async function call(resource: 'search' | 'videos', params: Record<string, string>) {
    const query = new URLSearchParams({ ...params, key: options.apiKey });
    const result = await getJson(options.fetch, `${base}/${resource}?${query}`, options.timeoutMs);
    if (!result.ok) return result;
    if (!result.response.ok)
      return { ok: false as const, problem: classifyApiError(result.response.status, result.body) };
    return {
      ok: true as const,
      items: ((result.body as { items?: unknown[] } | null)?.items ?? []) as ApiVideo[],
    };
  }

  async function videos(ids: string[]): Promise<CatalogResult<VideoDetails[]>> {
    if (ids.length === 0) return { ok: true, value: [] };
    const result = await call('videos', { part: 'snippet,contentDetails,statistics', id: ids.join(',') });
    if (!result.ok) return result;
    const byId = new Map(
      result.items
        .map(toDetails)
        .flatMap((details) => (details ? [[details.videoId, details] as const] : [])),
    );
    return { ok: true, value: ids.flatMap((id) => byId.get(id) ?? []) };
  }

  async function search(query: VideoSearch): Promise<CatalogResult<VideoDetails[]>> {
    const result = await call('search', {
      part: 'snippet',
      type: 'video',
      q: searchQuery(query.keywords),
      order: query.order,
      maxResults: String(query.maxResults),
      ...(query.publishedAfter ? { publishedAfter: rfc3339(query.publishedAfter) } : {}),
    });
    if (!result.ok) return result;
    const ids = result.items.flatMap((item) => {
      const id = (item as { id?: { videoId?: string } }).id?.videoId;
      return id ? [id] : [];
    });
    return videos(ids);
  }

  return {
    async lookup(videoId) {
      const found = await spending(QUOTA_UNITS.videos, () => videos([videoId]));
      if (found.ok && found.value[0]) return { ok: true, value: found.value[0] };
      if (found.ok) return catalogProblem('not_found');
      const fallback = await options.fallbackLookup(videoId);
      return fallback.ok ? fallback : found;
    },
    // Both calls are counted before the first: a search is never left without its details.
    search: (query) => spending(QUOTA_UNITS.search + QUOTA_UNITS.videos, () => search(query)),
  };
}
