import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSCRIPT_FETCH_FAILED_MESSAGE } from '../../../shared/transcript';
import { transcriptCache } from '../../db/schema';
import { startHttpProxy } from '../../testing/http-proxy';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { startYouTubeFixture } from '../../testing/youtube-fixture';
import { createTranscriptFetcher, createYouTubeSources } from './index';

let t: TestApp;
let youtube: Awaited<ReturnType<typeof startYouTubeFixture>>;
let paidApi: { url: string; requests: unknown[]; close: () => Promise<void> };

beforeAll(async () => {
  youtube = await startYouTubeFixture();
  paidApi = await startPaidApi();
  t = await createTestApp({ YOUTUBE_BASE_URL: youtube.baseURL });
});
afterAll(async () => {
  await t.close();
  await youtube.close();
  await paidApi.close();
});

const fetcher = (withPaidApi = false, proxyUrl?: string) =>
  createTranscriptFetcher({
    db: t.db,
    logger: t.deps.logger,
    sources: createYouTubeSources({
      baseUrl: youtube.baseURL,
      proxyUrl,
      transcriptApi: withPaidApi ? { url: paidApi.url, key: 'paid-key' } : undefined,
    }),
  });

/** The chat a YouTube link makes, as the intake posts it. */
const postYouTubeLink = (client: TestApp['client'] extends () => infer C ? C : never, videoId: string) =>
  client.post('/api/chats', { source: 'youtube', youtubeUrl: `https://www.youtube.com/watch?v=${videoId}` });

describe('the YouTube transcript chain', () => {
  it("reads the watch page and prefers the uploader's track in the language spoken, keeping start times", async () => {
    const outcome = await fetcher().fetchTranscript('manualEn001');
    expect(outcome).toMatchObject({
      ok: true,
      transcript: { source: 'watch-page', title: 'Pricing for bakeries', language: 'en', kind: 'manual' },
    });
    if (!outcome.ok) return;
    expect(outcome.transcript.segments).toEqual([
      { start: 0.5, duration: 3, text: 'Welcome back to the channel (en)' },
      { start: 4, duration: 4.5, text: 'today we talk about pricing & retention (en)' },
      { start: 75, duration: 5, text: 'raise prices for your best customers (en)' },
    ]);
  });

  it("defaults to the uploader's captions over automatic English ones, else to the automatic track", async () => {
    const spanish = await fetcher().fetchTranscript('spanishEs01');
    expect(spanish).toMatchObject({ ok: true, transcript: { language: 'es', kind: 'manual' } });
    const auto = await fetcher().fetchTranscript('autoOnly001');
    expect(auto).toMatchObject({ ok: true, transcript: { language: 'de', kind: 'auto' } });
    const french = await fetcher().fetchTranscript('frOnly00001');
    expect(french).toMatchObject({ ok: true, transcript: { language: 'fr', kind: 'manual' } });
  });

  it('lists the caption tracks with the one it reads unless the user picks another', async () => {
    expect(await fetcher().captionTracks('spanishEs01')).toEqual({
      tracks: [
        { id: 'a.en', language: 'en', name: 'English', auto: true },
        { id: '.es', language: 'es', name: 'Spanish', auto: false },
      ],
      defaultTrackId: '.es',
    });
    expect(await fetcher().captionTracks('goneVideo01')).toEqual({ tracks: [], defaultTrackId: null });
    // YouTube refused the watch page: nothing to offer, the intake reads the preferred track.
    expect(await fetcher().captionTracks('botCheck001')).toEqual({ tracks: [], defaultTrackId: null });
  });

  it('reads the track the user picked, and caches each track apart', async () => {
    await fetcher().fetchTranscript('spanishEs01');
    const english = await fetcher().fetchTranscript('spanishEs01', 'a.en');
    expect(english).toMatchObject({
      ok: true,
      transcript: { source: 'watch-page', language: 'en', kind: 'auto' },
    });
    if (english.ok)
      expect(english.transcript.segments[0]!.text).toBe('Welcome back to the channel (en auto)');
    const before = youtube.hitsFor('spanishEs01');
    const [spanishAgain, englishAgain] = await Promise.all([
      fetcher().fetchTranscript('spanishEs01', '.es'),
      fetcher().fetchTranscript('spanishEs01', 'a.en'),
    ]);
    expect(englishAgain).toMatchObject({ ok: true, transcript: { source: 'cache', language: 'en' } });
    if (englishAgain.ok)
      expect(englishAgain.transcript.segments).toEqual(english.ok && english.transcript.segments);
    // '.es' was read as the preferred track, not under its own id: read once more, then cached too.
    expect(spanishAgain).toMatchObject({ ok: true, transcript: { source: 'watch-page', language: 'es' } });
    expect(youtube.hitsFor('spanishEs01')).not.toEqual(before);
    const cached = await t.db
      .select({ trackId: transcriptCache.trackId, language: transcriptCache.language })
      .from(transcriptCache)
      .where(inArray(transcriptCache.videoId, ['spanishEs01']));
    expect(cached.sort((a, b) => a.trackId.localeCompare(b.trackId))).toEqual([
      { trackId: '', language: 'es' },
      { trackId: '.es', language: 'es' },
      { trackId: 'a.en', language: 'en' },
    ]);
  });

  it('refuses a track the video does not have, asking no other source', async () => {
    const requestsBefore = paidApi.requests.length;
    const outcome = await fetcher(true).fetchTranscript('spanishEs01', '.de');
    expect(outcome).toMatchObject({
      ok: false,
      kind: 'unknown_track',
      attempts: [{ source: 'watch-page', kind: 'unknown_track' }],
    });
    expect(paidApi.requests).toHaveLength(requestsBefore);
  });

  it('serves the second request for a video from the cache, with no outside request', async () => {
    await fetcher().fetchTranscript('manualEn001');
    const before = youtube.hitsFor('manualEn001');
    const again = await fetcher().fetchTranscript('manualEn001');
    expect(again).toMatchObject({ ok: true, transcript: { source: 'cache', title: 'Pricing for bakeries' } });
    expect(youtube.hitsFor('manualEn001')).toEqual(before);
  });

  it('stops at a video without captions: Unavailable ends the chain', async () => {
    const outcome = await fetcher(true).fetchTranscript('noCaptions1');
    expect(outcome).toMatchObject({
      ok: false,
      kind: 'unavailable',
      attempts: [{ source: 'watch-page', kind: 'unavailable' }],
    });
    expect(youtube.hitsFor('noCaptions1')).toEqual(['watch:noCaptions1=1']);
    expect(paidApi.requests).toEqual([]);
  });

  it('stops at a video that does not exist', async () => {
    const outcome = await fetcher().fetchTranscript('goneVideo01');
    expect(outcome).toMatchObject({ ok: false, kind: 'unavailable' });
  });

  it('moves on past a bot check to the youtube-transcript library (InnerTube, Android client)', async () => {
    const outcome = await fetcher().fetchTranscript('botCheck001');
    expect(outcome).toMatchObject({ ok: true, transcript: { source: 'youtube-transcript' } });
    if (!outcome.ok) return;
    expect(outcome.transcript.segments[2]).toEqual({
      start: 75,
      duration: 5,
      text: 'raise prices for your best customers (en)',
    });
    expect(youtube.hitsFor('botCheck001')).toContain('player:botCheck001=1');
  });

  it("takes the picked track's language through the library, else the first track listed", async () => {
    const english = await fetcher().fetchTranscript('botCheckDe1', '.en');
    expect(english).toMatchObject({ ok: true, transcript: { source: 'youtube-transcript', language: 'en' } });
    if (english.ok) expect(english.transcript.segments[0]!.text).toBe('Welcome back to the channel (en)');
    const first = await fetcher().fetchTranscript('botCheckDe1');
    expect(first).toMatchObject({ ok: true, transcript: { source: 'youtube-transcript', language: 'de' } });
    const missing = await fetcher().fetchTranscript('botCheckFr1', '.es');
    expect(missing).toMatchObject({
      ok: false,
      kind: 'unknown_track',
      attempts: [{ source: 'watch-page' }, { source: 'youtube-transcript', kind: 'unknown_track' }],
    });
  });

  it('moves on when the watch page timed text comes back empty', async () => {
    const outcome = await fetcher().fetchTranscript('emptyTimed1');
    expect(outcome).toMatchObject({ ok: true, transcript: { source: 'youtube-transcript' } });
  });

  it('moves on past a captcha and rate limits to the paid API when its key is set', async () => {
    const outcome = await fetcher(true).fetchTranscript('captcha0001');
    expect(outcome).toMatchObject({
      ok: true,
      transcript: {
        source: 'transcript-api',
        segments: [
          { start: 1, duration: 2, text: 'paid line one' },
          { start: 3, duration: 2, text: 'paid line two' },
        ],
      },
    });
    expect(paidApi.requests).toEqual([
      { authorization: 'Bearer paid-key', body: { videoId: 'captcha0001' } },
    ]);
  });

  it('reports Blocked when every source fails, and caches nothing', async () => {
    const outcome = await fetcher().fetchTranscript('blocked0001');
    expect(outcome).toMatchObject({
      ok: false,
      kind: 'blocked',
      attempts: [
        { source: 'watch-page', kind: 'rate_limited' },
        { source: 'youtube-transcript', kind: 'failed' },
      ],
    });
    const cached = await t.db.select().from(transcriptCache);
    expect(cached.map((row) => row.videoId)).not.toContain('blocked0001');
  });
});

describe('YouTube refusing a server', () => {
  it('reports Blocked when the caption tracks need a proof-of-origin token and answer empty', async () => {
    const outcome = await fetcher().fetchTranscript('poToken0001');
    expect(outcome).toMatchObject({
      ok: false,
      kind: 'blocked',
      attempts: [
        { source: 'watch-page', kind: 'blocked', reason: expect.stringContaining('exp=xpe') },
        { source: 'youtube-transcript', kind: 'blocked', reason: expect.stringContaining('exp=xpe') },
      ],
    });
    expect(youtube.hitsFor('poToken0001')).toContain('timedtext:poToken0001:en:manual:json3:web=1');
  });

  it('reports Blocked when every YouTube client gets the bot check (a cloud address)', async () => {
    const outcome = await fetcher().fetchTranscript('cloudBlock1');
    expect(outcome).toMatchObject({
      ok: false,
      kind: 'blocked',
      attempts: [{ source: 'watch-page', kind: 'blocked' }, { source: 'youtube-transcript' }],
    });
  });

  it('reports Blocked when YouTube answers the watch page with 403', async () => {
    const outcome = await fetcher().fetchTranscript('deniedPage1');
    expect(outcome).toMatchObject({
      ok: false,
      kind: 'blocked',
      attempts: expect.arrayContaining([
        { source: 'watch-page', kind: 'blocked', reason: 'watch page: 403' },
      ]),
    });
  });

  it('offers paste or upload for each, never "No transcript available"', async () => {
    const user = await t.createOnboardedUser();
    for (const videoId of ['poToken0001', 'cloudBlock1', 'deniedPage1']) {
      const response = await postYouTubeLink(user.client, videoId);
      expect(response.status, videoId).toBe(502);
      expect((await response.json()).error.code).toBe('transcript_blocked');
    }
  });
});

describe('YOUTUBE_PROXY_URL', () => {
  /** Other tests cached these videos: fetch them afresh. */
  const forget = (...videoIds: string[]) =>
    t.db.delete(transcriptCache).where(inArray(transcriptCache.videoId, videoIds));

  it('sends every YouTube request through the proxy, and the paid API around it', async () => {
    // YouTube's name resolves only at the proxy: a request that went around it would fail.
    const proxy = await startHttpProxy({ hosts: { 'youtube.invalid': '127.0.0.1' } });
    const hiddenYouTube = youtube.baseURL.replace('127.0.0.1', 'youtube.invalid');
    await forget('manualEn001', 'captcha0001');
    try {
      const sources = createYouTubeSources({
        baseUrl: hiddenYouTube,
        proxyUrl: proxy.url,
        transcriptApi: { url: paidApi.url, key: 'paid-key' },
      });
      const proxied = createTranscriptFetcher({ db: t.db, logger: t.deps.logger, sources });
      expect(await proxied.fetchTranscript('manualEn001')).toMatchObject({
        ok: true,
        transcript: { source: 'watch-page', title: 'Pricing for bakeries' },
      });
      expect(await proxied.fetchTranscript('captcha0001')).toMatchObject({
        ok: true,
        transcript: { source: 'transcript-api' },
      });
      const targets = new Set(proxy.tunnels.map((tunnel) => tunnel.target));
      expect(targets).toEqual(new Set([new URL(hiddenYouTube).host]));
      expect(paidApi.requests).toContainEqual({
        authorization: 'Bearer paid-key',
        body: { videoId: 'captcha0001' },
      });
    } finally {
      await proxy.close();
    }
  });

  it('authenticates with the credentials in its URL', async () => {
    const proxy = await startHttpProxy({ credentials: { user: 'vid visor', password: 's3cret:!' } });
    await forget('frOnly00001', 'autoOnly001');
    try {
      const outcome = await fetcher(false, proxy.url).fetchTranscript('frOnly00001');
      expect(outcome).toMatchObject({ ok: true, transcript: { source: 'watch-page', language: 'fr' } });
      expect(proxy.tunnels[0]!.authorization).toBe(
        `Basic ${Buffer.from('vid visor:s3cret:!').toString('base64')}`,
      );
      const refused = await fetcher(false, proxy.url.replace('s3cret', 'wrong')).fetchTranscript(
        'autoOnly001',
      );
      expect(refused).toMatchObject({ ok: false, attempts: [{ kind: 'failed' }, { kind: 'failed' }] });
    } finally {
      await proxy.close();
    }
  });

  it('is read from the environment: a chat from a link through the proxy, and Blocked for exp=xpe', async () => {
    const proxy = await startHttpProxy();
    const proxied = await createTestApp({ YOUTUBE_BASE_URL: youtube.baseURL, YOUTUBE_PROXY_URL: proxy.url });
    await proxied.db.delete(transcriptCache).where(inArray(transcriptCache.videoId, ['manualEn001']));
    try {
      const user = await proxied.createOnboardedUser();
      const created = await postYouTubeLink(user.client, 'manualEn001');
      expect(created.status).toBe(201);
      expect((await created.json()).title).toBe('Pricing for bakeries');
      const blocked = await postYouTubeLink(user.client, 'poToken0001');
      expect(blocked.status).toBe(502);
      expect((await blocked.json()).error.code).toBe('transcript_blocked');
      expect(proxy.tunnels.map((tunnel) => tunnel.target)).toContain(new URL(youtube.baseURL).host);
    } finally {
      await proxied.close();
      await proxy.close();
    }
  });
});

describe('a consultation from a YouTube link', () => {
  it('creates the chat with the video title, link and timed transcript', async () => {
    const user = await t.createOnboardedUser();
    const { id, title } = await user.client.json(
      '/api/chats',
      { method: 'POST', json: { source: 'youtube', youtubeUrl: 'https://youtu.be/manualEn001?si=share' } },
      201,
    );
    expect(title).toBe('Pricing for bakeries');
    const view = await user.client.json(`/api/chats/${id}`);
    expect(view.chat.youtubeUrl).toBe('https://www.youtube.com/watch?v=manualEn001');
    expect(view.chat.transcript).toBe(
      'Welcome back to the channel (en) today we talk about pricing & retention (en) raise prices for your best customers (en)',
    );
  });

  it('answers a video without captions with the spec message', async () => {
    const user = await t.createOnboardedUser();
    const response = await user.client.post('/api/chats', {
      source: 'youtube',
      youtubeUrl: 'https://www.youtube.com/watch?v=noCaptions1',
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      error: { code: 'transcript_unavailable', message: TRANSCRIPT_FETCH_FAILED_MESSAGE },
    });
  });

  it('says YouTube refused us when every source fails, so the page can offer paste or upload', async () => {
    const user = await t.createOnboardedUser();
    const response = await user.client.post('/api/chats', {
      source: 'youtube',
      youtubeUrl: 'https://m.youtube.com/watch?v=blocked0001',
    });
    expect(response.status).toBe(502);
    const body = await response.json();
    expect(body.error.code).toBe('transcript_blocked');
    expect(body.error.message).toMatch(/Paste the transcript or upload a caption file/);
  });
});

async function startPaidApi() {
  const requests: unknown[] = [];
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    requests.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        transcript: {
          transcript: [
            { text: 'paid line one', start: 1, duration: 2 },
            { text: ' paid  line two ', start: 3, duration: 2 },
          ],
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/transcript`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
