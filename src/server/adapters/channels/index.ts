import type { ChannelRef } from '../../../shared/channels';
import type { Executor } from '../../db/client';
import { youTubeApiFetch, youTubeFetch } from '../outbound';
import { CATALOG_TIMEOUT_MS, type CatalogResult } from '../video-catalog/catalog-http';
import { createQuotaLedger } from '../video-catalog/quota';
import { readChannelFeed } from './channel-feed';
import { findChannelOnPage, findVideoChannelOnPage } from './channel-page';
import { createDataApiChannelFinder, type DataApiOptions, videoDurations } from './data-api-channels';

/** A channel as its followers see it. */
export interface ChannelDetails {
  channelId: string;
  title: string;
  avatarUrl: string | null;
}

/** One upload of a channel's feed (the feed tells no length). */
export interface FeedVideo {
  videoId: string;
  title: string;
  description: string;
  publishedAt: Date;
  thumbnailUrl: string | null;
}

/** The validators of the last read, sent back so YouTube may answer 304. */
export interface FeedValidators {
  etag: string | null;
  lastModified: string | null;
}

export type FeedProblemKind = 'not_found' | 'unreachable' | 'failed' | 'not_xml' | 'too_large' | 'refused';

export type FeedResult =
  | { kind: 'fresh'; videos: FeedVideo[]; validators: FeedValidators }
  | { kind: 'not_modified' }
  | { kind: 'failed'; problem: FeedProblemKind };

/** A link to a channel itself (not to one of its videos). */
export type PageRef = Exclude<ChannelRef, { kind: 'video' }>;

export interface ChannelSource {
  /** The channel a link names (its id, name and avatar): the channel page, or the Data API with a key. */
  find(ref: PageRef): Promise<CatalogResult<ChannelDetails>>;
  /** The id of the channel a video belongs to, from its watch page. */
  channelOfVideo(videoId: string): Promise<CatalogResult<string>>;
  /** The channel's public uploads feed (no key, no quota), conditional on the last validators. */
  feed(channelId: string, validators: FeedValidators): Promise<FeedResult>;
  /**
   * With a key: the lengths of up to DURATIONS_PER_CALL videos in one videos.list (1 unit), seconds by
   * id. Null without a key: the feed tells no length, so none is known.
   */
  durations: ((videoIds: string[]) => Promise<CatalogResult<Map<string, number>>>) | null;
}

export interface ChannelSourceOptions {
  /** YouTube's origin (YOUTUBE_BASE_URL): channel pages, watch pages and feeds. */
  youtubeBaseUrl: string;
  /** YOUTUBE_PROXY_URL: YouTube blocks many cloud addresses, so its pages and feeds are read through it. */
  youtubeProxyUrl?: string;
  /** YOUTUBE_API_KEY: handles and ids are then resolved through channels.list (1 unit). */
  apiKey?: string;
  apiUrl: string;
  db: Executor;
  dailyBudget: number;
  timeoutMs?: number;
  now?: () => Date;
}

export function createChannelSource(options: ChannelSourceOptions): ChannelSource {
  const shared = {
    youtubeBaseUrl: options.youtubeBaseUrl.replace(/\/+$/, ''),
    fetch: youTubeFetch(options.youtubeBaseUrl, options.youtubeProxyUrl),
    timeoutMs: options.timeoutMs ?? CATALOG_TIMEOUT_MS,
  };
  const fromPage = (ref: PageRef) => findChannelOnPage(shared, ref);
  const api: DataApiOptions | null = options.apiKey
    ? {
        timeoutMs: shared.timeoutMs,
        fetch: youTubeApiFetch(options.apiUrl),
        apiKey: options.apiKey,
        apiUrl: options.apiUrl.replace(/\/+$/, ''),
        ledger: createQuotaLedger(options.db, options.dailyBudget),
        now: options.now ?? (() => new Date()),
      }
    : null;
  return {
    find: api ? createDataApiChannelFinder({ ...api, fallback: fromPage }) : fromPage,
    channelOfVideo: (videoId) => findVideoChannelOnPage(shared, videoId),
    feed: (channelId, validators) => readChannelFeed(shared, channelId, validators),
    durations: api ? (videoIds) => videoDurations(api, videoIds) : null,
  };
}

export { FEED_PROBLEMS, MAX_FEED_BYTES } from './channel-feed';
export { DURATIONS_PER_CALL } from './data-api-channels';
