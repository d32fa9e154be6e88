import type { VideoDetails } from '../../../shared/suggestions';
import type { CatalogResult } from './catalog-http';
import { createOEmbedLookup } from './oembed';
import { createYouTubeDataApiCatalog } from './youtube-data-api';

export interface VideoSearch {
  keywords: string[];
  /** Most viewed first (trending) or best match first (keyword search). */
  order: 'viewCount' | 'relevance';
  publishedAfter?: Date;
  maxResults: number;
}

export interface VideoCatalog {
  /** 'youtube-data-api' with a key, 'oembed' without. */
  readonly name: 'youtube-data-api' | 'oembed';
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
  fetch?: typeof globalThis.fetch;
}

export function createVideoCatalog(options: VideoCatalogOptions): VideoCatalog {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const oembed = createOEmbedLookup({ youtubeBaseUrl: options.youtubeBaseUrl, fetch: fetchImpl });
  if (!options.apiKey) return { name: 'oembed', lookup: oembed, search: null };
  return createYouTubeDataApiCatalog({
    apiKey: options.apiKey,
    apiUrl: options.apiUrl,
    fetch: fetchImpl,
    fallbackLookup: oembed,
  });
}

export {
  CATALOG_MESSAGES,
  type CatalogProblem,
  type CatalogProblemKind,
  type CatalogResult,
} from './catalog-http';
