import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES } from '../../adapters/video-catalog';
import { videoSearchCache, youtubeQuotaDays } from '../../db/schema';
import { FAKE_API_KEY } from '../../testing/fake-youtube-api';
import { insertChat } from '../../testing/library-fixtures';
import { startSilentServer } from '../../testing/silent-server';
import { insertPick, startYouTubeFakes, type YouTubeFakes } from '../../testing/suggestions';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { USER_DAILY_SEARCHES, USER_SEARCH_LIMIT_MESSAGE } from './suggestions.service';

/**
 * Trending and keyword search with YOUTUBE_API_KEY set, against a local fake of the Data API: the
 * searches, the day-long cache per keyword set, and what users see when YouTube cannot answer.
 */

let fakes: YouTubeFakes;
let t: TestApp;
beforeAll(async () => {
  fakes = await startYouTubeFakes();
  t = await createTestApp(fakes.env);
});
afterAll(async () => {
  await t.close();
  await fakes.close();
});

async function userWithKeywords(keywords: string[], app = t) {
  const user = await app.createOnboardedUser();
  await user.client.json('/api/suggestions/keywords', { method: 'PUT', json: { keywords } });
  return user;
}

const ids = (body: { videos: { videoId: string }[] }) => body.videos.map((video) => video.videoId);
const searches = () => fakes.api.callsOf('search').length;

/** Runs `fn` while YouTube answers quotaExceeded; then YouTube's quota and the site's memory of it reset. */
async function whileQuotaSpent(fn: () => Promise<void>) {
  fakes.api.spendQuota();
  try {
    await fn();
  } finally {
    fakes.api.resetQuota();
    await t.db.delete(youtubeQuotaDays);
  }
}

describe('trending with a YouTube key', () => {
  it('searches the last 7 days by views for the keywords, with lengths, views and matched keywords', async () => {
    const user = await userWithKeywords(['Sourdough bread', 'pastries', 'Customer acquisition costs']);
    await insertChat(t, user.id, { videoId: 'trendBake01' });
    const before = fakes.api.calls.length;
    const body = await user.client.json('/api/suggestions/trending');
    expect(body).toMatchObject({ source: 'youtube', notice: null, savedAt: null });
    expect(ids(body)).toEqual(['trendBake02', 'trendBake01', 'liveShow001']);
    expect(body.videos[1]).toMatchObject({
      title: 'Sourdough bread that sells out by 9am',
      channel: 'Bakery Business School',
      durationSeconds: 725,
      viewCount: 48_210,
      thumbnailUrl: 'https://i.ytimg.com/vi/trendBake01/mqdefault.jpg',
      matchedKeywords: ['Sourdough bread', 'pastries'],
      consulted: true,
    });
    const calls = fakes.api.calls.slice(before);
    expect(calls.map((call) => call.resource)).toEqual(['search', 'videos']);
    expect(calls[0]!.params.get('order')).toBe('viewCount');
    const after = new Date(calls[0]!.params.get('publishedAfter')!).getTime();
    expect(Math.abs(after - (Date.now() - 7 * 86_400_000))).toBeLessThan(60_000);
  });

  it('asks YouTube once a day per keyword set, whatever their order or case, for everyone', async () => {
    const first = await userWithKeywords(['pastries', 'Sourdough bread']);
    const before = searches();
    await first.client.json('/api/suggestions/trending');
    expect(searches()).toBe(before + 1);
    await first.client.json('/api/suggestions/trending');
    const second = await userWithKeywords(['SOURDOUGH BREAD', 'Pastries']);
    await second.client.json('/api/suggestions/trending');
    expect(searches()).toBe(before + 1);

    // Another set is another search.
    const third = await userWithKeywords(['pastries']);
    await third.client.json('/api/suggestions/trending');
    expect(searches()).toBe(before + 2);

    // A day later the set is searched again.
    await t.db.update(videoSearchCache).set({ fetchedAt: sql`now() - interval '25 hours'` });
    await first.client.json('/api/suggestions/trending');
    expect(searches()).toBe(before + 3);
  });

  it('shows the saved results with a clear message when the quota is spent', async () => {
    const user = await userWithKeywords(['Customer acquisition costs']);
    const fresh = await user.client.json('/api/suggestions/trending');
    await t.db.update(videoSearchCache).set({ fetchedAt: sql`now() - interval '30 hours'` });
    await whileQuotaSpent(async () => {
      const body = await user.client.json('/api/suggestions/trending');
      expect(body.source).toBe('youtube');
      expect(ids(body)).toEqual(ids(fresh));
      expect(body.savedAt).not.toBeNull();
      expect(body.notice).toBe(
        `${CATALOG_MESSAGES.quota_exceeded} Showing the results YouTube gave earlier.`,
      );

      // A set never searched before gets the site's most consulted videos, with the same message.
      const other = await userWithKeywords(['weekly subscription box']);
      const fallback = await other.client.json('/api/suggestions/trending');
      expect(fallback.source).toBe('site');
      expect(fallback.notice).toBe(
        `${CATALOG_MESSAGES.quota_exceeded} Showing the videos most consulted on Vidvisor this week instead.`,
      );
    });
  });

  it('makes no YouTube call for the page itself: the picks work offline', async () => {
    await insertPick(t.db, { title: 'Offline pick' });
    const user = await userWithKeywords(['pastries']);
    const before = [fakes.api.calls.length, [...fakes.youtube.hits.values()].reduce((a, b) => a + b, 0)];
    const body = await user.client.json('/api/suggestions');
    expect(body.youtubeSearch).toBe(true);
    expect(body.picks.map((p: { title: string }) => p.title)).toContain('Offline pick');
    expect([fakes.api.calls.length, [...fakes.youtube.hits.values()].reduce((a, b) => a + b, 0)]).toEqual(
      before,
    );
  });
});

describe('keyword search with a YouTube key', () => {
  it('searches YouTube by relevance, cached a day; when YouTube fails, the picks catalogue answers', async () => {
    const user = await userWithKeywords(['sourdough bread']);
    const before = searches();
    const body = await user.client.json('/api/suggestions/search');
    expect(body.source).toBe('youtube');
    expect(ids(body)).toEqual(['trendBake01', 'oldBake0001']);
    expect(fakes.api.callsOf('search').at(-1)!.params.get('order')).toBe('relevance');
    expect(fakes.api.callsOf('search').at(-1)!.params.has('publishedAfter')).toBe(false);
    await user.client.json('/api/suggestions/search');
    expect(searches()).toBe(before + 1);

    const pick = await insertPick(t.db, { title: 'Sourdough bread for cafes', note: 'Wholesale' });
    const other = await userWithKeywords(['Sourdough bread', 'wholesale']);
    await whileQuotaSpent(async () => {
      const fallback = await other.client.json('/api/suggestions/search');
      expect(fallback.source).toBe('catalogue');
      expect(ids(fallback)).toEqual([pick.videoId]);
      expect(fallback.notice).toBe(
        `${CATALOG_MESSAGES.quota_exceeded} Showing matches from our picks instead.`,
      );
    });
  });
});

describe('the YouTube quota, whatever users do', () => {
  /** A user's new keyword set, then the search for it: what editing a chip does. */
  async function searchNewSet(user: TestUser, keywords: string[]) {
    await user.client.json('/api/suggestions/keywords', { method: 'PUT', json: { keywords } });
    return user.client.json('/api/suggestions/search');
  }

  it(`lets one user cause ${USER_DAILY_SEARCHES} uncached searches a day; past that, saved and site results with a message`, async () => {
    const pick = await insertPick(t.db, { title: 'Scones for cafes', tags: ['scones'] });
    const user = await userWithKeywords(['pastries']);
    const before = searches();
    expect((await user.client.json('/api/suggestions/search')).source).toBe('youtube');
    for (let i = 1; i < USER_DAILY_SEARCHES; i += 1)
      expect((await searchNewSet(user, [`pastries ${i}`])).source).toBe('youtube');
    expect(searches()).toBe(before + USER_DAILY_SEARCHES);

    // One set more: YouTube is not asked; the picks catalogue answers, and the user is told why.
    const capped = await searchNewSet(user, ['scones']);
    expect(searches()).toBe(before + USER_DAILY_SEARCHES);
    expect(capped).toMatchObject({
      source: 'catalogue',
      notice: `${USER_SEARCH_LIMIT_MESSAGE} Showing matches from our picks instead.`,
    });
    expect(ids(capped)).toEqual([pick.videoId]);
    const trending = await user.client.json('/api/suggestions/trending');
    expect(trending).toMatchObject({
      source: 'site',
      notice: expect.stringContaining(USER_SEARCH_LIMIT_MESSAGE),
    });

    // A set saved today is still YouTube's (the cache costs nothing), and other users are not held back.
    expect(await searchNewSet(user, ['pastries'])).toMatchObject({ source: 'youtube', notice: null });
    const other = await userWithKeywords(['scones']);
    expect((await other.client.json('/api/suggestions/search')).source).toBe('youtube');
    expect(searches()).toBe(before + USER_DAILY_SEARCHES + 1);
  });

  it('does not count a search YouTube could not run against the user', async () => {
    const user = await userWithKeywords(['croissants']);
    await whileQuotaSpent(async () => {
      for (let i = 0; i < USER_DAILY_SEARCHES + 2; i += 1)
        expect((await searchNewSet(user, [`croissants ${i}`])).notice).toContain(
          CATALOG_MESSAGES.quota_exceeded,
        );
    });
    const before = searches();
    for (let i = 0; i < USER_DAILY_SEARCHES; i += 1)
      expect((await searchNewSet(user, [`baguettes ${i}`])).source).toBe('youtube');
    expect(searches()).toBe(before + USER_DAILY_SEARCHES);
  });

  it('stops at the site’s daily budget, a share of the quota, however many users search', async () => {
    // A quota of 300 units at the default 80% share: a budget of 240, two searches of 101 units.
    const small = await createTestApp({
      YOUTUBE_API_KEY: FAKE_API_KEY,
      YOUTUBE_API_URL: fakes.api.apiUrl,
      YOUTUBE_DAILY_QUOTA: '300',
    });
    try {
      const users = await Promise.all([0, 1, 2].map((i) => userWithKeywords([`muffins ${i}`], small)));
      const before = searches();
      const lists = [];
      for (const user of users) lists.push(await user.client.json('/api/suggestions/search'));
      expect(lists.map((list) => list.source)).toEqual(['youtube', 'youtube', 'catalogue']);
      expect(lists[2].notice).toBe(
        `${CATALOG_MESSAGES.quota_exceeded} Showing matches from our picks instead.`,
      );
      expect(searches()).toBe(before + 2);
    } finally {
      await small.close();
    }
  });
});

describe('when the key is refused or YouTube is unreachable', () => {
  async function noticeWith(env: Record<string, string>) {
    const app = await createTestApp({ YOUTUBE_BASE_URL: fakes.youtube.baseURL, ...env });
    try {
      const user: TestUser = await userWithKeywords(['pastries'], app);
      return {
        trending: await user.client.json('/api/suggestions/trending'),
        search: await user.client.json('/api/suggestions/search'),
      };
    } finally {
      await app.close();
    }
  }

  /** Trending falls back to the site's most consulted, search to the picks catalogue, each saying why. */
  function expectSiteLists(lists: { trending: unknown; search: unknown }, message: string) {
    expect(lists.trending).toMatchObject({ source: 'site', notice: expect.stringContaining(message) });
    expect(lists.search).toMatchObject({ source: 'catalogue', notice: expect.stringContaining(message) });
  }

  it('says the key was refused (400 API key not valid) and shows what the site has', async () => {
    const lists = await noticeWith({ YOUTUBE_API_KEY: 'wrong-key', YOUTUBE_API_URL: fakes.api.apiUrl });
    expectSiteLists(lists, CATALOG_MESSAGES.key_invalid);
  });

  it('says YouTube could not be reached and shows what the site has', async () => {
    const lists = await noticeWith({
      YOUTUBE_API_KEY: FAKE_API_KEY,
      YOUTUBE_API_URL: 'http://127.0.0.1:9/youtube/v3',
    });
    expectSiteLists(lists, CATALOG_MESSAGES.unreachable);
  });

  it('waits for a YouTube that never answers once, then answers at once for a few minutes', async () => {
    const silent = await startSilentServer();
    try {
      const lists = await noticeWith({
        YOUTUBE_API_KEY: FAKE_API_KEY,
        YOUTUBE_API_URL: `${silent.url}/youtube/v3`,
      });
      expectSiteLists(lists, CATALOG_MESSAGES.unreachable);
      // Trending waited for the timeout; search, right after, did not ask again.
      expect(silent.requests()).toBe(1);
    } finally {
      await silent.close();
    }
  });
});

describe('the admin’s lookup with a key', () => {
  it('fills the form from videos.list, with the length', async () => {
    const boss = await t.createUser({ role: 'super_admin', profile: true });
    const body = await boss.client.json('/api/admin/suggestions/lookup?url=https://youtu.be/trendBake01');
    expect(body).toMatchObject({
      found: true,
      video: {
        title: 'Sourdough bread that sells out by 9am',
        channel: 'Bakery Business School',
        durationSeconds: 725,
      },
    });
  });
});
