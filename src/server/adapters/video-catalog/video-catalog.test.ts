import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { youtubeQuotaDays } from '../../db/schema';
import { FAKE_API_KEY } from '../../testing/fake-youtube-api';
import { startSilentServer } from '../../testing/silent-server';
import { startYouTubeFakes, type YouTubeFakes } from '../../testing/suggestions';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { openTestDatabase, secondConnection } from '../../testing/test-database';
import { OEMBED_CHANNEL, oembedDetails } from '../../testing/youtube-fixture';
import { OUTAGE_PAUSE_MS } from './catalog-http';
import { CATALOG_MESSAGES, createVideoCatalog, type VideoCatalogOptions, youTubeQuotaDay } from './index';
import { parseIsoDuration, searchQuery } from './youtube-data-api';

/** Nothing listens there: a connection is refused at once, as with YouTube unreachable. */
const NOWHERE = 'http://127.0.0.1:9';

let fakes: YouTubeFakes;
/** Only its database is used here: where the catalogue counts its quota units. */
let t: TestApp;
beforeAll(async () => {
  fakes = await startYouTubeFakes();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await fakes.close();
});

const catalogue = (options: Partial<VideoCatalogOptions> = {}) =>
  createVideoCatalog({
    apiKey: FAKE_API_KEY,
    apiUrl: fakes.api.apiUrl,
    youtubeBaseUrl: fakes.youtube.baseURL,
    db: t.db,
    dailyBudget: 1_000_000,
    // The local fakes answer as fast as the machine lets them: only the timeout test uses a short one.
    timeoutMs: 120_000,
    ...options,
  });
const withKey = (key = FAKE_API_KEY, apiUrl = fakes.api.apiUrl, youtubeBaseUrl = fakes.youtube.baseURL) =>
  catalogue({ apiKey: key, apiUrl, youtubeBaseUrl });
const withoutKey = (youtubeBaseUrl = fakes.youtube.baseURL) =>
  catalogue({ apiKey: undefined, youtubeBaseUrl });

/** A clock of its own for each test that counts units, so no two share a quota day. */
function clockAt(iso: string) {
  const clock = { now: new Date(iso), set: (next: string) => (clock.now = new Date(next)) };
  return clock;
}
const searchFor = (keyword: string) => ({ keywords: [keyword], order: 'relevance' as const, maxResults: 5 });

describe('the no-key catalogue (oEmbed)', () => {
  it('looks a video up: title, channel and thumbnail, no length', async () => {
    const result = await withoutKey().lookup('manualEn001');
    expect(result).toEqual({ ok: true, value: oembedDetails('manualEn001') });
    expect(oembedDetails('manualEn001').title).toBe('Pricing for bakeries');
    expect(fakes.youtube.hits.get('oembed:manualEn001')).toBe(1);
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
    const before = fakes.api.calls.length;
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

    const [search, videos] = fakes.api.calls.slice(before);
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
    const clock = clockAt('2031-01-06T12:00:00Z');
    const onThatDay = (youtubeBaseUrl = fakes.youtube.baseURL) =>
      catalogue({ youtubeBaseUrl, now: () => clock.now });
    fakes.api.spendQuota();
    try {
      expect(await onThatDay().search!(searchFor('pastries'))).toEqual({
        ok: false,
        problem: { kind: 'quota_exceeded', message: CATALOG_MESSAGES.quota_exceeded },
      });
      expect(await onThatDay().lookup('manualEn001')).toMatchObject({
        ok: true,
        value: { title: 'Pricing for bakeries', channel: OEMBED_CHANNEL, durationSeconds: null },
      });
      // When oEmbed cannot answer either, the API's own reason is given.
      expect(await onThatDay(NOWHERE).lookup('manualEn001')).toMatchObject({
        ok: false,
        problem: { kind: 'quota_exceeded' },
      });
    } finally {
      fakes.api.resetQuota();
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

describe('the daily quota', () => {
  it('counts each call’s units before making it, and makes none that would cross the budget', async () => {
    const clock = clockAt('2031-02-03T18:00:00Z');
    // Two searches (search.list 100 + videos.list 1 each) and two lookups fit; nothing more does.
    const youTube = catalogue({ dailyBudget: 204, now: () => clock.now });
    const before = fakes.api.calls.length;
    expect(await youTube.search!(searchFor('pastries'))).toMatchObject({ ok: true });
    expect(await youTube.search!(searchFor('sourdough bread'))).toMatchObject({ ok: true });
    expect(await youTube.lookup('trendBake01')).toMatchObject({ ok: true, value: { durationSeconds: 725 } });
    expect(await youTube.lookup('trendBake01')).toMatchObject({ ok: true, value: { durationSeconds: 725 } });
    expect(fakes.api.calls.length - before).toBe(6);

    expect(await youTube.search!(searchFor('pastries'))).toEqual({
      ok: false,
      problem: { kind: 'quota_exceeded', message: CATALOG_MESSAGES.quota_exceeded },
    });
    // A lookup past the budget asks oEmbed instead.
    expect(await youTube.lookup('manualEn001')).toMatchObject({
      ok: true,
      value: { channel: OEMBED_CHANNEL, durationSeconds: null },
    });
    expect(fakes.api.calls.length - before).toBe(6);
    const [day] = await t.db.select().from(youtubeQuotaDays).where(eq(youtubeQuotaDays.day, '2031-02-03'));
    expect(day).toEqual({ day: '2031-02-03', unitsSpent: 204, exhausted: false });

    // YouTube's day starts at midnight Pacific time (08:00 UTC in winter): a new budget.
    clock.set('2031-02-04T07:59:00Z');
    expect(await youTube.search!(searchFor('pastries'))).toMatchObject({ ok: false });
    clock.set('2031-02-04T08:00:00Z');
    expect(await youTube.search!(searchFor('pastries'))).toMatchObject({ ok: true });
  });

  it('holds across processes: concurrent searches on two connections never pass the budget', async () => {
    const clock = clockAt('2031-03-03T18:00:00Z');
    const database = await openTestDatabase();
    const second = await secondConnection(database);
    const app = await createTestApp({}, { database });
    try {
      const processes = [app.db, second.db].map((db) =>
        catalogue({ db, dailyBudget: 1_010, now: () => clock.now }),
      );
      const before = fakes.api.callsOf('search').length;
      const results = await Promise.all(
        Array.from({ length: 24 }, (_, i) => processes[i % 2]!.search!(searchFor(`pastries ${i}`))),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(10);
      expect(fakes.api.callsOf('search').length - before).toBe(10);
      expect(await app.db.select().from(youtubeQuotaDays)).toEqual([
        { day: '2031-03-03', unitsSpent: 1_010, exhausted: false },
      ]);
    } finally {
      await second.close();
      await app.close();
    }
  });

  it('remembers YouTube’s own quotaExceeded until its quota day ends', async () => {
    const clock = clockAt('2031-07-01T06:30:00Z'); // 23:30 on June 30 in Los Angeles (PDT)
    const youTube = catalogue({ now: () => clock.now });
    fakes.api.spendQuota();
    try {
      expect(await youTube.search!(searchFor('pastries'))).toMatchObject({
        ok: false,
        problem: { kind: 'quota_exceeded' },
      });
    } finally {
      fakes.api.resetQuota();
    }
    const before = fakes.api.calls.length;
    // Another process, the same day: not asked again, though YouTube would now answer.
    expect(await catalogue({ now: () => clock.now }).search!(searchFor('pastries'))).toMatchObject({
      ok: false,
      problem: { kind: 'quota_exceeded' },
    });
    expect(fakes.api.calls.length).toBe(before);
    clock.set('2031-07-01T07:00:00Z');
    expect(await youTube.search!(searchFor('pastries'))).toMatchObject({ ok: true });
  });

  it('reads the quota day in Pacific time, summer and winter', () => {
    expect(youTubeQuotaDay(new Date('2031-01-15T07:59:59Z'))).toBe('2031-01-14');
    expect(youTubeQuotaDay(new Date('2031-01-15T08:00:00Z'))).toBe('2031-01-15');
    expect(youTubeQuotaDay(new Date('2031-07-15T06:59:59Z'))).toBe('2031-07-14');
    expect(youTubeQuotaDay(new Date('2031-07-15T07:00:00Z'))).toBe('2031-07-15');
  });
});

describe('an unreachable YouTube or a refused key', () => {
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  beforeAll(async () => {
    silent = await startSilentServer();
  });
  afterAll(() => silent.close());

  it('is remembered for a few minutes, so later calls answer at once without asking YouTube', async () => {
    const clock = clockAt('2031-04-07T18:00:00Z');
    const youTube = catalogue({
      apiUrl: `${silent.url}/youtube/v3`,
      youtubeBaseUrl: silent.url,
      timeoutMs: 1_000,
      now: () => clock.now,
    });
    const unreachable = {
      ok: false,
      problem: { kind: 'unreachable', message: CATALOG_MESSAGES.unreachable },
    };
    expect(await youTube.search!(searchFor('pastries'))).toEqual(unreachable);
    expect(silent.requests()).toBe(1);
    expect(await youTube.search!(searchFor('pastries'))).toEqual(unreachable);
    // The lookup's Data API call is skipped as well; its oEmbed fallback waits once, then is skipped too.
    expect(await youTube.lookup('manualEn001')).toEqual(unreachable);
    expect(await youTube.lookup('manualEn001')).toEqual(unreachable);
    expect(silent.requests()).toBe(2);
    // Only the search's units were counted: the skipped calls spent nothing.
    const [day] = await t.db.select().from(youtubeQuotaDays).where(eq(youtubeQuotaDays.day, '2031-04-07'));
    expect(day!.unitsSpent).toBe(101);

    clock.set(new Date(clock.now.getTime() + OUTAGE_PAUSE_MS).toISOString());
    expect(await youTube.search!(searchFor('pastries'))).toEqual(unreachable);
    expect(silent.requests()).toBe(3);
  });

  it('remembers a refused key the same way', async () => {
    const youTube = withKey('not-the-key');
    const before = fakes.api.calls.length;
    for (let i = 0; i < 3; i += 1)
      expect(await youTube.search!(searchFor('pastries'))).toMatchObject({
        ok: false,
        problem: { kind: 'key_invalid' },
      });
    expect(fakes.api.calls.length - before).toBe(1);
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
