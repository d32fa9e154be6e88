import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { youTubeThumbnailUrl } from '../../../shared/suggestions';
import { getBoundedText } from './bounded-text';
import type { FeedProblemKind, FeedResult, FeedValidators, FeedVideo } from './index';

/** A channel's feed holds its 15 newest uploads (tens of kilobytes); anything past this is not one. */
export const MAX_FEED_BYTES = 2 * 1024 * 1024;

/** What a channel's followers read when its feed could not be read. */
export const FEED_PROBLEMS: Record<FeedProblemKind, string> = {
  not_found: 'YouTube no longer shows this channel’s videos (it may be removed or private).',
  unreachable: 'YouTube could not be reached at the last check.',
  failed: 'YouTube could not answer at the last check.',
  not_xml: 'YouTube’s answer at the last check was not a video feed.',
  too_large: 'YouTube’s answer at the last check was too large to be a video feed.',
  refused: 'YouTube refused the request at the last check.',
};

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => name === 'entry',
});

interface AtomEntry {
  videoId?: unknown;
  title?: unknown;
  published?: unknown;
  group?: { description?: unknown };
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

function toVideo(entry: AtomEntry): FeedVideo | null {
  const videoId = textOf(entry.videoId);
  const publishedAt = new Date(textOf(entry.published));
  if (!/^[A-Za-z0-9_-]{11}$/.test(videoId) || Number.isNaN(publishedAt.getTime())) return null;
  return {
    videoId,
    title: textOf(entry.title).trim() || 'YouTube video',
    description: textOf(entry.group?.description),
    publishedAt,
    // The feed names a numbered host (i1.ytimg.com…); the same still is on the one the pages allow.
    thumbnailUrl: youTubeThumbnailUrl(videoId),
  };
}

/** The uploads of a channel's Atom feed as YouTube serves it (`yt:videoId`, `media:group`), or null if it is none. */
export function parseChannelFeed(xml: string): FeedVideo[] | null {
  if (XMLValidator.validate(xml) !== true) return null;
  const feed = (parser.parse(xml) as { feed?: { entry?: AtomEntry[] } | string }).feed;
  if (feed === undefined) return null;
  const entries = typeof feed === 'object' ? (feed.entry ?? []) : [];
  return entries.flatMap((entry) => toVideo(entry) ?? []);
}

/**
 * Reads a channel's public uploads feed, sending the last validators so an unchanged feed costs a
 * 304. Every failure is a kind, never a throw: a missing channel, an unreachable YouTube, an answer
 * that is not XML or is too large.
 */
export async function readChannelFeed(
  options: { youtubeBaseUrl: string; fetch: typeof globalThis.fetch; timeoutMs: number },
  channelId: string,
  validators: FeedValidators,
): Promise<FeedResult> {
  const failed = (problem: FeedProblemKind): FeedResult => ({ kind: 'failed', problem });
  const answer = await getBoundedText(
    options.fetch,
    `${options.youtubeBaseUrl}/feeds/videos.xml?channel_id=${encodeURIComponent(channelId)}`,
    {
      headers: {
        accept: 'application/atom+xml, application/xml;q=0.9',
        ...(validators.etag ? { 'if-none-match': validators.etag } : {}),
        ...(validators.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
      },
      timeoutMs: options.timeoutMs,
      maxBytes: MAX_FEED_BYTES,
    },
  );
  if (!answer.ok) return failed(answer.reason);
  const { response, text } = answer;
  if (response.status === 304) return { kind: 'not_modified' };
  if (response.status === 404 || response.status === 410) return failed('not_found');
  if (!response.ok) return failed('failed');
  const videos = parseChannelFeed(text);
  if (!videos) return failed('not_xml');
  return {
    kind: 'fresh',
    videos,
    validators: { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') },
  };
}
