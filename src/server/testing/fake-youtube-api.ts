import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fixtureChannels } from './youtube-fixture';

/**
 * A local stand-in for the YouTube Data API v3 speaking its real shapes: `search.list`
 * (youtube#searchListResponse), `videos.list` (youtube#videoListResponse with contentDetails.duration
 * in ISO 8601 and statistics.viewCount as a string), `channels.list` (by `forHandle` or `id`, the
 * YouTube fixture's channels: youtube#channelListResponse, no `items` when none), and its error bodies: 403 quotaExceeded once the
 * quota is spent, 400 "API key not valid" for any other key.
 */

export interface FakeApiVideo {
  id: string;
  title: string;
  channel: string;
  description: string;
  publishedAt: string;
  /** ISO 8601, e.g. 'PT12M5S' */
  duration: string;
  views: number;
}

export const FAKE_API_KEY = 'fake-youtube-api-key';

const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().replace(/\.\d{3}Z$/, 'Z');

export const FAKE_API_VIDEOS: FakeApiVideo[] = [
  {
    id: 'trendBake01',
    title: 'Sourdough bread that sells out by 9am',
    channel: 'Bakery Business School',
    description: 'How one bakery prices sourdough bread and pastries for a subscription box.',
    publishedAt: daysAgo(2),
    duration: 'PT12M5S',
    views: 48_210,
  },
  {
    id: 'trendBake02',
    title: 'Pastries with a premium margin',
    channel: 'Food Founders',
    description: 'Pricing pastries for cafes.',
    publishedAt: daysAgo(4),
    duration: 'PT1H2M3S',
    views: 120_400,
  },
  {
    id: 'oldBake0001',
    title: 'A classic: sourdough bread at home',
    channel: 'Home Bakers',
    description: 'An older video about sourdough bread.',
    publishedAt: daysAgo(400),
    duration: 'PT8M',
    views: 2_000_000,
  },
  {
    id: 'liveShow001',
    title: 'Live: customer acquisition costs Q&A',
    channel: 'Growth Live',
    description: 'Customer acquisition costs, live.',
    publishedAt: daysAgo(1),
    duration: 'P0D',
    views: 900,
  },
];

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body));
}

const QUOTA_MESSAGE =
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';
const KEY_MESSAGE = 'API key not valid. Please pass a valid API key.';

const quotaExceededBody = {
  error: {
    code: 403,
    message: QUOTA_MESSAGE,
    errors: [{ message: QUOTA_MESSAGE, domain: 'youtube.quota', reason: 'quotaExceeded' }],
  },
};

const keyInvalidBody = {
  error: {
    code: 400,
    message: KEY_MESSAGE,
    errors: [{ message: KEY_MESSAGE, domain: 'global', reason: 'badRequest' }],
    status: 'INVALID_ARGUMENT',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
        metadata: { service: 'youtube.googleapis.com' },
      },
    ],
  },
};

const thumbnails = (id: string) => ({
  default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
  medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
  high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
});

function snippet(video: FakeApiVideo) {
  return {
    publishedAt: video.publishedAt,
    channelId: `UC${video.channel.replace(/\W/g, '').slice(0, 20)}`,
    title: video.title,
    description: video.description,
    thumbnails: thumbnails(video.id),
    channelTitle: video.channel,
    liveBroadcastContent: video.duration === 'P0D' ? 'live' : 'none',
  };
}

/** The OR-ed terms of a `q` ('a|"b c"'): a video matches when its title or description holds one. */
function matches(video: FakeApiVideo, q: string): boolean {
  const haystack = `${video.title} ${video.description}`.toLowerCase();
  return q
    .split('|')
    .map((term) => term.replaceAll('"', '').trim().toLowerCase())
    .some((term) => term && haystack.includes(term));
}

export async function startFakeYouTubeApi(videos: FakeApiVideo[] = FAKE_API_VIDEOS) {
  const calls: { resource: string; params: URLSearchParams }[] = [];
  let quotaSpent = false;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const resource = url.pathname.replace(/^\/youtube\/v3\//, '');
    calls.push({ resource, params: url.searchParams });
    if (url.searchParams.get('key') !== FAKE_API_KEY) return send(res, 400, keyInvalidBody);
    if (quotaSpent) return send(res, 403, quotaExceededBody);
    if (resource === 'search') return search(url.searchParams, res);
    if (resource === 'videos') return list(url.searchParams, res);
    if (resource === 'channels') return channels(url.searchParams, res);
    send(res, 404, { error: { code: 404, message: 'Not Found', errors: [{ reason: 'notFound' }] } });
  });

  function search(params: URLSearchParams, res: ServerResponse) {
    const after = params.get('publishedAfter');
    let found = videos.filter((video) => matches(video, params.get('q') ?? ''));
    if (after) found = found.filter((video) => video.publishedAt >= after);
    if (params.get('order') === 'viewCount') found = [...found].sort((a, b) => b.views - a.views);
    const page = found.slice(0, Number(params.get('maxResults') ?? 5));
    send(res, 200, {
      kind: 'youtube#searchListResponse',
      etag: 'fake-etag',
      nextPageToken: 'CAUQAA',
      regionCode: 'US',
      pageInfo: { totalResults: found.length, resultsPerPage: page.length },
      items: page.map((video) => ({
        kind: 'youtube#searchResult',
        etag: `etag-${video.id}`,
        id: { kind: 'youtube#video', videoId: video.id },
        snippet: { ...snippet(video), publishTime: video.publishedAt },
      })),
    });
  }

  function channels(params: URLSearchParams, res: ServerResponse) {
    const handle = params.get('forHandle')?.toLowerCase();
    const found = fixtureChannels().filter((channel) =>
      handle
        ? channel.handle === (handle.startsWith('@') ? handle : `@${handle}`)
        : channel.id === params.get('id'),
    );
    send(res, 200, {
      kind: 'youtube#channelListResponse',
      etag: 'fake-etag',
      pageInfo: { totalResults: found.length, resultsPerPage: 5 },
      ...(found.length
        ? {
            items: found.map((channel) => ({
              kind: 'youtube#channel',
              etag: `etag-${channel.id}`,
              id: channel.id,
              snippet: {
                title: channel.title,
                description: '',
                customUrl: channel.handle,
                publishedAt: '2015-03-01T10:00:00Z',
                thumbnails: {
                  default: { url: `${channel.avatarUrl.replace('s900', 's88')}`, width: 88, height: 88 },
                  medium: { url: `${channel.avatarUrl.replace('s900', 's240')}`, width: 240, height: 240 },
                },
              },
            })),
          }
        : {}),
    });
  }

  function list(params: URLSearchParams, res: ServerResponse) {
    const ids = (params.get('id') ?? '').split(',');
    const found = ids.flatMap((id) => videos.find((video) => video.id === id) ?? []);
    send(res, 200, {
      kind: 'youtube#videoListResponse',
      etag: 'fake-etag',
      items: found.map((video) => ({
        kind: 'youtube#video',
        etag: `etag-${video.id}`,
        id: video.id,
        snippet: { ...snippet(video), categoryId: '27', defaultAudioLanguage: 'en' },
        contentDetails: {
          duration: video.duration,
          dimension: '2d',
          definition: 'hd',
          caption: 'false',
          licensedContent: true,
          contentRating: {},
          projection: 'rectangular',
        },
        statistics: {
          viewCount: String(video.views),
          likeCount: String(Math.round(video.views / 40)),
          favoriteCount: '0',
          commentCount: String(Math.round(video.views / 500)),
        },
      })),
      pageInfo: { totalResults: found.length, resultsPerPage: found.length },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** What YOUTUBE_API_URL is set to. */
    apiUrl: `${origin}/youtube/v3`,
    calls,
    /** Calls of one resource ('search' costs 100 units, 'videos' 1). */
    callsOf: (resource: 'search' | 'videos' | 'channels') =>
      calls.filter((call) => call.resource === resource),
    /** From now on every call answers 403 quotaExceeded, as YouTube does once the day's units are spent. */
    spendQuota: () => {
      quotaSpent = true;
    },
    resetQuota: () => {
      quotaSpent = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeYouTubeApi = Awaited<ReturnType<typeof startFakeYouTubeApi>>;
