import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_MESSAGES, MAX_FOLLOWED_CHANNELS } from '../../../shared/channels';
import { FEED_PROBLEMS } from '../../adapters/channels';
import { channelFollows, channels, channelVideos } from '../../db/schema';
import { capturedLog } from '../../testing/captured-log';
import { insertChannel, randomChannelId } from '../../testing/channels';
import {
  FAKE_API_KEY,
  FAKE_API_VIDEOS,
  type FakeApiVideo,
  type FakeYouTubeApi,
  startFakeYouTubeApi,
} from '../../testing/fake-youtube-api';
import { SAMPLE_PROFILE } from '../../testing/fixtures';
import { startHttpProxy } from '../../testing/http-proxy';
import { randomVideoId } from '../../testing/suggestions';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { CONSENT_PAGE, FIXTURE_CHANNEL_ID, startYouTubeFixture } from '../../testing/youtube-fixture';
import { POLL_CHANNELS_JOB, pollDueChannels } from './channels.service';

let youtube: Awaited<ReturnType<typeof startYouTubeFixture>>;
let t: TestApp;
const log = capturedLog();
beforeAll(async () => {
  youtube = await startYouTubeFixture();
  t = await createTestApp({ YOUTUBE_BASE_URL: youtube.baseURL, LOG_LEVEL: 'warn' }, { logTo: log.stream });
});
afterAll(async () => {
  await t.close();
  await youtube.close();
});

const HOUR = 3_600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);
const poll = (now: Date) => pollDueChannels(t.deps, now);

async function follower(keywords = ['pricing', 'hiring', 'sourdough bread']) {
  const user = await t.createOnboardedUser();
  await user.client.json('/api/suggestions/keywords', { method: 'PUT', json: { keywords } });
  return user;
}
const follow = (user: TestUser, link: string) => user.client.post('/api/channels', { link });
const newVideos = (user: TestUser, sort = 'date') => user.client.json(`/api/channels/videos?sort=${sort}`);
/** Every read of a channel's feed, answered in full or with 304. */
const feedHits = (channelId: string) =>
  (youtube.hits.get(`feed:${channelId}`) ?? 0) + (youtube.hits.get(`feed304:${channelId}`) ?? 0);

describe('following a channel', () => {
  it('resolves a handle once from the channel page, shows its name, avatar and first videos', async () => {
    const maya = await follower();
    const response = await follow(maya, 'https://www.youtube.com/@VidvisorFixtures');
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      channelId: FIXTURE_CHANNEL_ID,
      title: 'Vidvisor Fixtures',
      avatarUrl: expect.stringContaining('yt3.googleusercontent.com'),
      state: 'ok',
      problem: null,
    });
    expect(youtube.hits.get(`channel:${FIXTURE_CHANNEL_ID}`)).toBe(1);

    const { videos } = await newVideos(maya);
    // The 30-day-old upload is past the fortnight; the newest comes first.
    expect(videos.map((v: { videoId: string }) => v.videoId)).toEqual(['autoOnly001', 'manualEn001']);
    expect(videos[0]).toMatchObject({
      title: 'Auto captions',
      channel: 'Vidvisor Fixtures',
      channelId: FIXTURE_CHANNEL_ID,
      url: 'https://www.youtube.com/watch?v=autoOnly001',
      durationSeconds: null,
      thumbnailUrl: 'https://i.ytimg.com/vi/autoOnly001/hqdefault.jpg',
      matchedKeywords: ['hiring'],
      consulted: false,
    });
    expect(videos[0].publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(videos[0].publishedOn).toBe(videos[0].publishedAt.slice(0, 10));

    // A second follower of the same handle: no new page read, one channel row for both.
    const sam = await follower();
    expect((await follow(sam, '@vidvisorfixtures')).status).toBe(201);
    expect(youtube.hits.get(`channel:${FIXTURE_CHANNEL_ID}`)).toBe(1);
    expect(await t.db.select().from(channels).where(eq(channels.id, FIXTURE_CHANNEL_ID))).toHaveLength(1);
  });

  it('takes /channel/, /c/ and video links to the same channel, and refuses following it twice', async () => {
    const user = await follower();
    expect((await follow(user, 'https://www.youtube.com/watch?v=manualEn001')).status).toBe(201);
    for (const link of [
      `https://www.youtube.com/channel/${FIXTURE_CHANNEL_ID}/videos`,
      'youtube.com/c/VidvisorFixtures',
      'https://youtu.be/frOnly00001',
    ]) {
      const again = await follow(user, link);
      expect(again.status, link).toBe(409);
      expect((await again.json()).error.message).toBe(CHANNEL_MESSAGES.alreadyFollowing);
    }
    const { channels: followed } = await user.client.json('/api/channels');
    expect(followed.map((c: { channelId: string }) => c.channelId)).toEqual([FIXTURE_CHANNEL_ID]);
  });

  it('refuses a link that is no channel (400, field named) and a handle YouTube does not know (404)', async () => {
    const user = await follower();
    for (const link of [
      'https://example.com/@someone',
      'not a link',
      'https://www.youtube.com/feed/trending',
      '',
    ]) {
      const response = await follow(user, link);
      expect(response.status, link).toBe(400);
      expect((await response.json()).error).toMatchObject({
        field: 'link',
        message: `link: ${CHANNEL_MESSAGES.notAChannel}`,
      });
    }
    const unknown = await follow(user, 'https://www.youtube.com/@nobodyhere');
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe(CHANNEL_MESSAGES.notFound);
    expect(await t.db.select().from(channelFollows).where(eq(channelFollows.userId, user.id))).toEqual([]);
  });

  it(`stops at ${MAX_FOLLOWED_CHANNELS} channels, and lets one more in after an unfollow`, async () => {
    const user = await follower();
    const ids = Array.from({ length: MAX_FOLLOWED_CHANNELS }, randomChannelId);
    await t.db
      .insert(channels)
      .values(ids.map((id) => ({ id, title: `Channel ${id}`, state: 'ok' as const })));
    await t.db.insert(channelFollows).values(ids.map((channelId) => ({ userId: user.id, channelId })));
    const full = await follow(user, '@vidvisorfixtures');
    expect(full.status).toBe(409);
    expect((await full.json()).error.message).toBe(CHANNEL_MESSAGES.tooMany);

    expect(await user.client.json(`/api/channels/${ids[0]}`, { method: 'DELETE' })).toEqual({
      unfollowed: true,
    });
    expect((await follow(user, '@vidvisorfixtures')).status).toBe(201);
    expect((await user.client.json('/api/channels')).channels).toHaveLength(MAX_FOLLOWED_CHANNELS);
  });

  it('unfollows: the channel leaves the list and its videos leave the user’s list; twice is a 404', async () => {
    const user = await follower();
    await follow(user, '@vidvisorfixtures');
    expect(await user.client.json(`/api/channels/${FIXTURE_CHANNEL_ID}`, { method: 'DELETE' })).toEqual({
      unfollowed: true,
    });
    expect(await user.client.json('/api/channels')).toEqual({ channels: [], max: MAX_FOLLOWED_CHANNELS });
    expect((await newVideos(user)).videos).toEqual([]);
    const again = await user.client.delete(`/api/channels/${FIXTURE_CHANNEL_ID}`);
    expect(again.status).toBe(404);
    expect((await again.json()).error.message).toBe(CHANNEL_MESSAGES.notFollowing);
    expect((await user.client.delete('/api/channels/not-a-channel')).status).toBe(400);
  });
});

describe('asking YouTube as little as possible', () => {
  /** Every request the fixture has answered so far. */
  const allHits = () => [...youtube.hits.values()].reduce((sum, n) => sum + n, 0);

  it('resolves a video link once: a later follow from it, by anyone, asks YouTube nothing', async () => {
    const [maya, sam] = [await follower(), await follower()];
    expect((await follow(maya, 'https://youtu.be/spanishEs01')).status).toBe(201);
    expect(youtube.hits.get('watch:spanishEs01')).toBe(1);
    const before = allHits();
    const samFollows = await follow(sam, 'https://www.youtube.com/watch?v=spanishEs01');
    expect(samFollows.status).toBe(201);
    expect((await samFollows.json()).channelId).toBe(FIXTURE_CHANNEL_ID);
    const again = await follow(maya, 'https://youtu.be/spanishEs01');
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toBe(CHANNEL_MESSAGES.alreadyFollowing);
    expect(allHits()).toBe(before);
  });

  it('reads no channel page for a video of a channel the site knows', async () => {
    const user = await follower();
    await follow(user, '@vidvisorfixtures');
    const pageReads = youtube.hits.get(`channel:${FIXTURE_CHANNEL_ID}`);
    const unfollowed = await follower();
    expect((await follow(unfollowed, 'https://youtu.be/poToken0001')).status).toBe(201);
    expect(youtube.hits.get('watch:poToken0001')).toBe(1);
    expect(youtube.hits.get(`channel:${FIXTURE_CHANNEL_ID}`)).toBe(pageReads);
  });

  it(`answers the cap of ${MAX_FOLLOWED_CHANNELS} from the database before asking YouTube`, async () => {
    const user = await follower();
    const ids = Array.from({ length: MAX_FOLLOWED_CHANNELS }, randomChannelId);
    await t.db
      .insert(channels)
      .values(ids.map((id) => ({ id, title: `Channel ${id}`, state: 'ok' as const })));
    await t.db.insert(channelFollows).values(ids.map((channelId) => ({ userId: user.id, channelId })));
    const before = allHits();
    for (const link of [
      '@neverresolved',
      'https://youtu.be/emptyTimed1',
      `https://www.youtube.com/channel/${randomChannelId()}`,
    ]) {
      const response = await follow(user, link);
      expect(response.status, link).toBe(409);
      expect((await response.json()).error.message).toBe(CHANNEL_MESSAGES.tooMany);
    }
    // Following one of the 50 again says so, not that the list is full.
    const again = await follow(user, `https://www.youtube.com/channel/${ids[0]}`);
    expect((await again.json()).error.message).toBe(CHANNEL_MESSAGES.alreadyFollowing);
    expect(allHits()).toBe(before);
  });
});

describe('YouTube refusing the request', () => {
  const expectRefused = async (response: Response, link: string) => {
    expect(response.status, link).toBe(503);
    expect((await response.json()).error.message, link).toBe(CHANNEL_MESSAGES.refused);
  };

  it('says YouTube refused, not that it has no channel, for a block or a consent page', async () => {
    const user = await follower();
    youtube.answer('/@consentwall', {
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: CONSENT_PAGE,
    });
    youtube.answer('/@ratelimited', { status: 429, body: 'Too Many Requests' });
    youtube.answer('/@toconsent', {
      status: 302,
      headers: {
        location: 'https://consent.youtube.com/m?continue=https%3A%2F%2Fwww.youtube.com%2F%40toconsent',
      },
    });
    youtube.answer('/@sorry', { status: 302, headers: { location: 'https://www.google.com/sorry/index' } });
    for (const link of ['@consentwall', '@ratelimited', '@toconsent', '@sorry'])
      await expectRefused(await follow(user, link), link);
    // Watch pages answering 429, 403 and a captcha.
    for (const videoId of ['blocked0001', 'deniedPage1', 'captcha0001'])
      await expectRefused(await follow(user, `https://youtu.be/${videoId}`), videoId);
    expect(await t.db.select().from(channelFollows).where(eq(channelFollows.userId, user.id))).toEqual([]);
  });
});

describe('YOUTUBE_PROXY_URL', () => {
  it('reads channel pages, watch pages and feeds through the proxy', async () => {
    // YouTube's name resolves only at the proxy: a request that went around it would fail.
    const proxy = await startHttpProxy({ hosts: { 'youtube.invalid': '127.0.0.1' } });
    const hiddenYouTube = youtube.baseURL.replace('127.0.0.1', 'youtube.invalid');
    const proxied = await createTestApp({ YOUTUBE_BASE_URL: hiddenYouTube, YOUTUBE_PROXY_URL: proxy.url });
    try {
      const user = await proxied.createOnboardedUser();
      const response = await user.client.post('/api/channels', { link: 'https://youtu.be/manualEn001' });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ channelId: FIXTURE_CHANNEL_ID, state: 'ok' });
      expect(new Set(proxy.tunnels.map((tunnel) => tunnel.target))).toEqual(
        new Set([new URL(hiddenYouTube).host]),
      );
      const { videos } = await user.client.json('/api/channels/videos?sort=date');
      expect(videos.length).toBeGreaterThan(0);
    } finally {
      await proxied.close();
      await proxy.close();
    }
  });
});

describe('new from your channels', () => {
  it('ranks by relevance to the whole profile when asked, shows matched words, and marks videos already consulted', async () => {
    const user = await follower(['pricing', 'prices', 'hiring']);
    await follow(user, '@vidvisorfixtures');
    await user.client.json(
      '/api/chats',
      { method: 'POST', json: { source: 'youtube', youtubeUrl: 'https://youtu.be/manualEn001' } },
      201,
    );
    const byDate = await newVideos(user, 'date');
    expect(byDate.sort).toBe('date');
    expect(byDate.keywords).toEqual(['pricing', 'prices', 'hiring']);
    expect(byDate.videos.map((v: { videoId: string }) => v.videoId)).toEqual(['autoOnly001', 'manualEn001']);
    const byRelevance = await newVideos(user, 'relevance');
    expect(
      byRelevance.videos.map(
        (v: { videoId: string; matchedKeywords: string[]; matchedWords: string[]; consulted: boolean }) => [
          v.videoId,
          v.matchedKeywords,
          v.matchedWords,
          v.consulted,
        ],
      ),
    ).toEqual([
      // 'hiring', and 'first' of the profile's challenge ('churn after the first month').
      ['autoOnly001', ['hiring'], ['hiring', 'first'], false],
      // 'pricing' and 'prices' are one word to the search ('price').
      ['manualEn001', ['pricing', 'prices'], ['pricing'], true],
    ]);
    expect((await user.client.get('/api/channels/videos?sort=views')).status).toBe(400);
  });

  it('ranks by full-text relevance to the keywords, goals and challenges, shows the words matched, and ties by date', async () => {
    const user = await t.createOnboardedUser({
      profile: {
        ...SAMPLE_PROFILE,
        currentChallenges: 'Our pricing is too low and cash flow is tight every winter',
        businessGoals: { shortTerm: 'Win wholesale accounts', longTerm: 'Open a second kitchen' },
      },
    });
    // Ten keywords that fill up without any word of the goals or challenges.
    await user.client.json('/api/suggestions/keywords', { method: 'PUT', json: { keywords: ['hiring'] } });
    const channelId = randomChannelId();
    await t.db.insert(channels).values({ id: channelId, title: 'Bakery Talks', state: 'ok' });
    await t.db.insert(channelFollows).values({ userId: user.id, channelId });
    const video = (title: string, description: string, hoursAgo: number) => ({
      channelId,
      videoId: randomVideoId(),
      title,
      description,
      publishedAt: new Date(Date.now() - hoursAgo * HOUR),
    });
    const rows = [
      video('Hiring your first baker', 'What to ask in an interview.', 1),
      video('Quiet mornings', 'A walk through the market.', 2),
      video('Pricing that keeps cash flowing', 'Wholesale prices, cash flow in winter and pricing tiers.', 3),
      video('Wholesale for small bakeries', 'How to land your first wholesale account.', 4),
      video('Holiday decorations', 'Ribbons and lights.', 5),
    ];
    await t.db.insert(channelVideos).values(rows);
    const [hiring, quiet, pricing, wholesale, holiday] = rows.map((row) => row.videoId);

    const { videos } = await newVideos(user, 'relevance');
    const shown = videos.map((v: { videoId: string; matchedWords: string[]; relevance: number }) => [
      v.videoId,
      v.matchedWords,
    ]);
    expect(shown).toEqual([
      [pricing, ['pricing', 'cash', 'flow', 'winter', 'wholesale']],
      [wholesale, ['wholesale', 'accounts']],
      [hiring, ['hiring']],
      // Relevant to nothing: newest first.
      [quiet, []],
      [holiday, []],
    ]);
    const scores = videos.map((v: { relevance: number }) => v.relevance);
    expect(scores[0]).toBeGreaterThan(scores[1]);
    expect(scores[2]).toBeGreaterThan(0);
    expect(scores.slice(3)).toEqual([0, 0]);

    const byDate = await newVideos(user, 'date');
    expect(byDate.videos.map((v: { videoId: string }) => v.videoId)).toEqual([
      hiring,
      quiet,
      pricing,
      wholesale,
      holiday,
    ]);
    expect(byDate.videos[2].matchedWords).toEqual(['pricing', 'cash', 'flow', 'winter', 'wholesale']);
  });

  it('is for onboarded users only', async () => {
    expect((await t.client().get('/api/channels/videos')).status).toBe(401);
    const newcomer = await t.createUser();
    expect((await newcomer.client.get('/api/channels')).status).toBe(403);
  });
});

describe('polling the feeds', () => {
  it('finds a new upload once the channel is due, asks conditionally, and is answered 304 when nothing changed', async () => {
    const user = await follower();
    await follow(user, '@vidvisorfixtures');
    const upload = {
      videoId: 'newUpload01',
      title: 'Hiring your first baker',
      description: 'A checklist.',
      publishedAt: new Date(),
    };
    youtube.publish(FIXTURE_CHANNEL_ID, upload);
    const before = feedHits(FIXTURE_CHANNEL_ID);
    // Not due yet: read at the follow, so the next read is three hours later.
    await poll(new Date());
    expect(feedHits(FIXTURE_CHANNEL_ID)).toBe(before);
    expect((await newVideos(user)).videos.map((v: { videoId: string }) => v.videoId)).not.toContain(
      'newUpload01',
    );

    expect(await poll(later(3.1))).toMatchObject({ fresh: 1 });
    const { videos } = await newVideos(user);
    expect(videos[0]).toMatchObject({
      videoId: 'newUpload01',
      title: 'Hiring your first baker',
      matchedKeywords: ['hiring'],
    });

    const notModified = youtube.hits.get(`feed304:${FIXTURE_CHANNEL_ID}`) ?? 0;
    expect(await poll(later(6.2))).toMatchObject({ not_modified: 1, fresh: 0 });
    expect(youtube.hits.get(`feed304:${FIXTURE_CHANNEL_ID}`)).toBe(notModified + 1);
    expect((await newVideos(user)).videos).toHaveLength(videos.length);
  });

  it('matches a video retitled in its feed by its new words', async () => {
    const user = await follower(['pricing']);
    const channelId = await followFreshChannel(user);
    const upload = uploadTitled('A day at the market');
    youtube.publish(channelId, upload);
    await poll(later(3.1));
    const matchedOf = async (videoId: string) =>
      (await newVideos(user)).videos.find((v: { videoId: string }) => v.videoId === videoId)?.matchedKeywords;
    expect(await matchedOf(upload.videoId)).toEqual([]);

    upload.title = 'Pricing at the market';
    const next = uploadTitled('Pricing stalls');
    youtube.publish(channelId, next);
    expect(await poll(later(6.2))).toMatchObject({ fresh: 1 });
    expect(await matchedOf(upload.videoId)).toEqual(['pricing']);
    expect(await matchedOf(next.videoId)).toEqual(['pricing']);
    const [stored] = await t.deps.db
      .select({ title: channelVideos.title })
      .from(channelVideos)
      .where(eq(channelVideos.videoId, upload.videoId));
    expect(stored?.title).toBe('Pricing at the market');
  });

  it('shows a failing feed’s state, keeps its earlier videos, and logs each bounded failure', async () => {
    const user = await follower();
    for (const [handle, problem] of [
      ['@gonechannel', 'not_found'],
      ['@brokenchannel', 'failed'],
      ['@notxmlchannel', 'not_xml'],
      ['@hugefeed', 'too_large'],
    ] as const) {
      const response = await follow(user, `youtube.com/${handle}`);
      expect(response.status, handle).toBe(201);
      expect(await response.json(), handle).toMatchObject({
        state: 'failing',
        problem: FEED_PROBLEMS[problem],
      });
      expect(
        log.entries().some((entry) => entry.msg === 'channel feed not read' && entry.problem === problem),
      ).toBe(true);
    }

    // A channel that worked, then fails: its videos stay.
    const channelId = await followFreshChannel(user);
    youtube.setFeed(channelId, 'http-500');
    await poll(later(3.1));
    const { channels: followed } = await user.client.json('/api/channels');
    expect(followed.find((c: { channelId: string }) => c.channelId === channelId)).toMatchObject({
      state: 'failing',
      problem: FEED_PROBLEMS.failed,
    });
    expect((await newVideos(user)).videos.some((v: { channelId: string }) => v.channelId === channelId)).toBe(
      true,
    );
  });

  it('reads each due channel once for all its followers, and no longer reads one nobody follows', async () => {
    const [a, b] = [await follower(), await follower()];
    const channelId = await followFreshChannel(a);
    expect((await follow(b, `https://www.youtube.com/channel/${channelId}`)).status).toBe(201);
    const before = feedHits(channelId);
    await Promise.all([poll(later(3.1)), poll(later(3.1))]);
    expect(feedHits(channelId)).toBe(before + 1);

    for (const user of [a, b]) await user.client.json(`/api/channels/${channelId}`, { method: 'DELETE' });
    await poll(later(24));
    expect(feedHits(channelId)).toBe(before + 1);
    // The channel row stays (its name is resolved) with the videos read so far.
    expect(await t.db.select().from(channelVideos).where(eq(channelVideos.channelId, channelId))).not.toEqual(
      [],
    );
  });
});

describe('the poll job', () => {
  it('runs on the job queue and reads the channels that are due', async () => {
    const user = await follower();
    const channelId = await followFreshChannel(user);
    youtube.publish(channelId, {
      videoId: randomVideoId(),
      title: 'Read by the job',
      description: '',
      publishedAt: new Date(),
    });
    // Three hours on: the channel is due.
    await t.db
      .update(channels)
      .set({ nextPollAt: new Date(Date.now() - 1000) })
      .where(eq(channels.id, channelId));
    await t.deps.jobs.send(POLL_CHANNELS_JOB);
    expect(await t.deps.jobs.runQueued(POLL_CHANNELS_JOB)).toBe(1);
    expect((await newVideos(user)).videos.map((v: { title: string }) => v.title)).toContain(
      'Read by the job',
    );
  });
});

describe('with a YouTube Data API key', () => {
  let api: FakeYouTubeApi;
  let keyed: TestApp;
  const keyedLog = capturedLog();
  /** What the fake's videos.list knows: a test adds the uploads it publishes. */
  const apiVideos: FakeApiVideo[] = [...FAKE_API_VIDEOS];
  const knownToApi = (videoId: string, duration: string) =>
    apiVideos.push({
      id: videoId,
      title: 'Upload',
      channel: 'Fresh Channel',
      description: '',
      publishedAt: new Date().toISOString(),
      duration,
      views: 10,
    });
  beforeAll(async () => {
    api = await startFakeYouTubeApi(apiVideos);
    keyed = await createTestApp(
      {
        YOUTUBE_BASE_URL: youtube.baseURL,
        YOUTUBE_API_KEY: FAKE_API_KEY,
        YOUTUBE_API_URL: api.apiUrl,
        LOG_LEVEL: 'warn',
      },
      { logTo: keyedLog.stream },
    );
  });
  afterAll(async () => {
    await keyed.close();
    await api.close();
  });

  it('resolves a handle through channels.list (1 unit) instead of the page', async () => {
    const user = await keyed.createOnboardedUser();
    const pageReads = youtube.hits.get('channel:UCbrokenChannel000000001') ?? 0;
    const response = await user.client.post('/api/channels', { link: '@BrokenChannel' });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      channelId: 'UCbrokenChannel000000001',
      title: 'Broken Feed',
      avatarUrl: expect.stringContaining('s240'),
    });
    expect(api.callsOf('channels').map((call) => call.params.get('forHandle'))).toEqual(['@brokenchannel']);
    expect(youtube.hits.get('channel:UCbrokenChannel000000001') ?? 0).toBe(pageReads);
    const unknown = await user.client.post('/api/channels', { link: '@nobodyhere' });
    expect(unknown.status).toBe(404);
  });

  const lengthsOf = async (user: TestUser) =>
    Object.fromEntries(
      (await user.client.json('/api/channels/videos?sort=date')).videos.map(
        (v: { videoId: string; durationSeconds: number | null }) => [v.videoId, v.durationSeconds],
      ),
    );
  const lengthCalls = () =>
    api.callsOf('videos').filter((call) => call.params.get('part') === 'contentDetails');

  /** A channel of its own on the fixture with one upload of today, followed by `user` and due now: the upload's id. */
  async function dueChannelWithUpload(user: TestUser) {
    const channelId = await insertChannel(keyed.db, [user.id]);
    const upload = uploadTitled('An upload');
    youtube.addChannel({
      id: channelId,
      handle: `@due${channelId
        .slice(2, 12)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}`,
      title: 'Fresh Channel',
      avatarUrl: 'https://yt3.googleusercontent.com/fresh',
      feed: 'ok',
      uploads: [upload],
    });
    return upload.videoId;
  }

  it('fills the lengths of a newly followed channel’s videos from one videos.list', async () => {
    knownToApi('autoOnly001', 'PT4M10S');
    const user = await keyed.createOnboardedUser();
    expect((await user.client.post('/api/channels', { link: '@VidvisorFixtures' })).status).toBe(201);
    expect(lengthCalls()).toHaveLength(1);
    // Earlier tests of this file published more uploads on the fixture's channel.
    expect(lengthCalls()[0]?.params.get('id')?.split(',')).toEqual(
      expect.arrayContaining(['autoOnly001', 'frOnly00001', 'manualEn001']),
    );
    // manualEn001 is unknown to the API: it stays without a length.
    expect(await lengthsOf(user)).toMatchObject({ autoOnly001: 250, manualEn001: null });
  });

  it('asks the lengths of every new upload of a poll in one videos.list, and asks nothing when the feeds did not change', async () => {
    const user = await keyed.createOnboardedUser();
    const [first, second, unknown] = [
      await dueChannelWithUpload(user),
      await dueChannelWithUpload(user),
      await dueChannelWithUpload(user),
    ];
    knownToApi(first, 'PT1H2M3S');
    knownToApi(second, 'PT12M5S');
    const calls = lengthCalls().length;
    expect(await pollDueChannels(keyed.deps, later(0.1))).toMatchObject({ fresh: 3 });
    expect(lengthCalls()).toHaveLength(calls + 1);
    expect(lengthCalls().at(-1)?.params.get('id')?.split(',').sort()).toEqual(
      [first, second, unknown].sort(),
    );
    expect(await lengthsOf(user)).toEqual({ [first]: 3723, [second]: 725, [unknown]: null });

    expect(await pollDueChannels(keyed.deps, later(3.2))).toMatchObject({ fresh: 0 });
    expect(lengthCalls()).toHaveLength(calls + 1);
  });

  // Last of its block: YouTube's spent quota stops every call of this app's day.
  it('keeps the new videos without a length, and logs it, when videos.list fails', async () => {
    const user = await keyed.createOnboardedUser();
    const videoId = await dueChannelWithUpload(user);
    knownToApi(videoId, 'PT8M');
    api.spendQuota();
    try {
      expect(await pollDueChannels(keyed.deps, later(0.1))).toMatchObject({ fresh: 1 });
    } finally {
      api.resetQuota();
    }
    expect(lengthCalls().at(-1)?.params.get('id')).toBe(videoId);
    expect(await lengthsOf(user)).toEqual({ [videoId]: null });
    expect(
      keyedLog
        .entries()
        .some(
          (entry) => entry.msg === 'channel video lengths not read' && entry.problem === 'quota_exceeded',
        ),
    ).toBe(true);
  });
});

/** A channel of its own for a test (published on the fixture), followed by `user`: its id. */
/** A new upload of today, with no description. */
const uploadTitled = (title: string) => ({
  videoId: randomVideoId(),
  title,
  description: '',
  publishedAt: new Date(),
});

async function followFreshChannel(user: TestUser): Promise<string> {
  const channelId = randomChannelId();
  youtube.addChannel({
    id: channelId,
    handle: `@fresh${channelId
      .slice(2, 12)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x')}`,
    title: 'Fresh Channel',
    avatarUrl: 'https://yt3.googleusercontent.com/fresh',
    feed: 'ok',
    uploads: [uploadTitled('Fresh upload')],
  });
  expect((await follow(user, `https://www.youtube.com/channel/${channelId}`)).status).toBe(201);
  return channelId;
}
