import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_API_KEY, type FakeYouTubeApi, startFakeYouTubeApi } from '../../testing/fake-youtube-api';
import { OEMBED_CHANNEL, oembedDetails, startYouTubeFixture } from '../../testing/youtube-fixture';
import { CATALOG_MESSAGES, createVideoCatalog } from './index';
import { parseIsoDuration, searchQuery } from './youtube-data-api';

/** Nothing listens there: a connection is refused at once, as with YouTube unreachable. */
const NOWHERE = 'http://127.0.0.1:9';

let api: FakeYouTubeApi;
let youtube: Awaited<ReturnType<typeof startYouTubeFixture>>;
beforeAll(async () => {
  api = await startFakeYouTubeApi();
  youtube = await startYouTubeFixture();
});
afterAll(async () => {
  await api.close();
  await youtube.close();
});

const withKey = (key = FAKE_API_KEY, apiUrl = api.apiUrl, youtubeBaseUrl = youtube.baseURL) =>
  createVideoCatalog({ apiKey: key, apiUrl, youtubeBaseUrl });
const withoutKey = (youtubeBaseUrl = youtube.baseURL) =>
  createVideoCatalog({ apiUrl: api.apiUrl, youtubeBaseUrl });

describe('the no-key catalogue (oEmbed)', () => {
  it('looks a video up: title, channel and thumbnail, no length', async () => {
    const result = await withoutKey().lookup('manualEn001');
    expect(result).toEqual({ ok: true, value: oembedDetails('manualEn001') });
    expect(oembedDetails('manualEn001').title).toBe('Pricing for bakeries');
    expect(youtube.hits.get('oembed:manualEn001')).toBe(1);
  });

  it('says a video is not public (404) or YouTube unreachable; it cannot search', async () => {
    expect(await withoutKey().lookup('goneVideo01')).toEqual({
      ok: false,
      problem: { kind: 'not_found', message: CATALOG_MESSAGES.not_found },
    });
    expect(await withoutKey(NOWHERE).lookup('manualEn001')).toMatchObject({
      ok: false,
      problem: { kind: 'unreachable' },
    });
    expect(withoutKey().search).toBeNull();
  });
});

describe('the YouTube Data API catalogue', () => {
  it('searches the last days by views (search.list), then reads lengths and views (videos.list)', async () => {
    const before = api.calls.length;
    const since = new Date(Date.now() - 7 * 86_400_000);
    const result = await withKey().search!({
      keywords: ['sourdough bread', 'pastries', 'Customer acquisition costs'],
      order: 'viewCount',
      publishedAfter: since,
      maxResults: 10,
    });
    if (!result.ok) throw new Error(result.problem.message);
    expect(result.value.map((v) => v.videoId)).toEqual(['trendBake02', 'trendBake01', 'liveShow001']);
    expect(result.value[0]).toEqual({
      videoId: 'trendBake02',
      title: 'Pastries with a premium margin',
      channel: 'Food Founders',
      description: 'Pricing pastries for cafes.',
      durationSeconds: 3723,
      publishedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      thumbnailUrl: 'https://i.ytimg.com/vi/trendBake02/mqdefault.jpg',
      viewCount: 120_400,
    });
    // A live stream's P0D is an unknown length.
    expect(result.value[2]!.durationSeconds).toBeNull();

    const [search, videos] = api.calls.slice(before);
    expect(search!.resource).toBe('search');
    expect(Object.fromEntries(search!.params)).toMatchObject({
      part: 'snippet',
      type: 'video',
      order: 'viewCount',
      maxResults: '10',
      q: '"sourdough bread"|pastries|"Customer acquisition costs"',
      publishedAfter: since.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    });
    expect(videos!.resource).toBe('videos');
    expect(videos!.params.get('part')).toBe('snippet,contentDetails,statistics');
    expect(videos!.params.get('id')).toBe('trendBake02,trendBake01,liveShow001');
  });

  it('looks a video up through videos.list, with its length and publication day', async () => {
    const result = await withKey().lookup('trendBake01');
    expect(result).toMatchObject({
      ok: true,
      value: { title: 'Sourdough bread that sells out by 9am', durationSeconds: 725, viewCount: 48_210 },
    });
    expect(await withKey().lookup('nosuchvideo')).toMatchObject({
      ok: false,
      problem: { kind: 'not_found' },
    });
  });

  it('reads a spent quota (403 quotaExceeded) and falls back to oEmbed for a lookup', async () => {
    api.spendQuota();
    try {
      expect(await withKey().search!({ keywords: ['pastries'], order: 'relevance', maxResults: 5 })).toEqual({
        ok: false,
        problem: { kind: 'quota_exceeded', message: CATALOG_MESSAGES.quota_exceeded },
      });
      expect(await withKey().lookup('manualEn001')).toMatchObject({
        ok: true,
        value: { title: 'Pricing for bakeries', channel: OEMBED_CHANNEL, durationSeconds: null },
      });
      // When oEmbed cannot answer either, the API's own reason is given.
      expect(await withKey(FAKE_API_KEY, api.apiUrl, NOWHERE).lookup('manualEn001')).toMatchObject({
        ok: false,
        problem: { kind: 'quota_exceeded' },
      });
    } finally {
      api.resetQuota();
    }
  });

  it('reads a refused key (400 API key not valid) and a network failure', async () => {
    expect(
      await withKey('not-the-key').search!({ keywords: ['x'], order: 'relevance', maxResults: 5 }),
    ).toEqual({
      ok: false,
      problem: { kind: 'key_invalid', message: CATALOG_MESSAGES.key_invalid },
    });
    expect(
      await withKey(FAKE_API_KEY, `${NOWHERE}/youtube/v3`).search!({
        keywords: ['x'],
        order: 'relevance',
        maxResults: 5,
      }),
    ).toEqual({ ok: false, problem: { kind: 'unreachable', message: CATALOG_MESSAGES.unreachable } });
  });
});

describe('Data API details', () => {
  it('reads ISO 8601 lengths', () => {
    expect(parseIsoDuration('PT15M33S')).toBe(933);
    expect(parseIsoDuration('PT1H')).toBe(3600);
    expect(parseIsoDuration('P1DT2H3M4S')).toBe(93_784);
    expect(parseIsoDuration('P0D')).toBeNull();
    expect(parseIsoDuration('15:33')).toBeNull();
    expect(parseIsoDuration(undefined)).toBeNull();
  });

  it('ORs keywords, quoting phrases', () => {
    expect(searchQuery(['a', 'b c', 'say "hi"'])).toBe('a|"b c"|"say hi"');
  });
});
