import type { VideoDetails } from '../../../shared/suggestions';
import type { Executor } from '../../db/client';
import { youTubeApiFetch, youTubeFetch } from '../outbound';
import { CATALOG_TIMEOUT_MS, type CatalogResult } from './catalog-http';
import { createOEmbedLookup } from './oembed';
import { createQuotaLedger } from './quota';
import { createYouTubeDataApiCatalog } from './youtube-data-api';

export interface VideoSearch {
  keywords: string[];
  /** Most viewed first (trending) or best match first (keyword search). */
  order: 'viewCount' | 'relevance';
  publishedAfter?: Date;
  maxResults: number;
}

export interface VideoCatalog {
  /** One video's title, channel, thumbnail (and, through the Data API, length and views). */
  lookup(videoId: string): Promise<CatalogResult<VideoDetails>>;
  /** Searches YouTube (two calls: search.list, then videos.list); null without a key. */
  readonly search: ((query: VideoSearch) => Promise<CatalogResult<VideoDetails[]>>) | null;
}

export interface VideoCatalogOptions {
  /** YOUTUBE_API_KEY: without it, only oEmbed lookups (no search). */
  apiKey?: string;
  /** The Data API's base, https://www.googleapis.com/youtube/v3 (tests: a local fake). */
  apiUrl: string;
  /** YouTube's origin, where oEmbed answers (YOUTUBE_BASE_URL). */
  youtubeBaseUrl: string;
  /** Where every process counts the Data API units of the day. */
  db: Executor;
  /** The units the site spends at most per quota day: a share of the project's quota, leaving headroom. */
  dailyBudget: number;
  /** How long a call may take before YouTube counts as unreachable (8 s). */
  timeoutMs?: number;
  now?: () => Date;
}

export function createVideoCatalog(options: VideoCatalogOptions): VideoCatalog {
  const shared = {
    timeoutMs: options.timeoutMs ?? CATALOG_TIMEOUT_MS,
    now: options.now ?? (() => new Date()),
  };
  const oembed = createOEmbedLookup({
    youtubeBaseUrl: options.youtubeBaseUrl,
    // oEmbed is not behind the bot checks that YOUTUBE_PROXY_URL is for (decision 036).
    fetch: youTubeFetch(options.youtubeBaseUrl, undefined),
    ...shared,
  });
  if (!options.apiKey) return { lookup: oembed, search: null };
  return createYouTubeDataApiCatalog({
    apiKey: options.apiKey,
    apiUrl: options.apiUrl,
    fetch: youTubeApiFetch(options.apiUrl),
    ledger: createQuotaLedger(options.db, options.dailyBudget),
    fallbackLookup: oembed,
    ...shared,
  });
}

export {
  CATALOG_MESSAGES,
  type CatalogProblem,
  type CatalogProblemKind,
  type CatalogResult,
} from './catalog-http';
export { QUOTA_UNITS, youTubeQuotaDay } from './quota';
