import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRANSCRIPT_FETCH_FAILED_MESSAGE } from '../../../shared/transcript';
import { transcriptCache } from '../../db/schema';
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

const fetcher = (withPaidApi = false) =>
  createTranscriptFetcher({
    db: t.db,
    logger: t.deps.logger,
    sources: createYouTubeSources({
      baseUrl: youtube.baseURL,
      transcriptApi: withPaidApi ? { url: paidApi.url, key: 'paid-key' } : undefined,
    }),
  });

describe('the YouTube transcript chain', () => {
  it('reads the watch page and prefers the manual English track, keeping start times', async () => {
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

  it('falls back to automatic English captions, then to any language', async () => {
    const auto = await fetcher().fetchTranscript('autoOnly001');
    expect(auto).toMatchObject({ ok: true, transcript: { language: 'en', kind: 'auto' } });
    const french = await fetcher().fetchTranscript('frOnly00001');
    expect(french).toMatchObject({ ok: true, transcript: { language: 'fr', kind: 'manual' } });
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

  it('takes the English track through the library when one is listed, else any language', async () => {
    const english = await fetcher().fetchTranscript('botCheckDe1');
    expect(english).toMatchObject({ ok: true, transcript: { source: 'youtube-transcript', language: 'en' } });
    if (english.ok) expect(english.transcript.segments[0]!.text).toBe('Welcome back to the channel (en)');
    const french = await fetcher().fetchTranscript('botCheckFr1');
    expect(french).toMatchObject({ ok: true, transcript: { source: 'youtube-transcript', language: 'fr' } });
    if (french.ok) expect(french.transcript.segments[0]!.text).toBe('Welcome back to the channel (fr)');
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
