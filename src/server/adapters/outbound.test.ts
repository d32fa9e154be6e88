import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHANNEL_MESSAGES } from '../../shared/channels';
import { channels } from '../db/schema';
import { pollDueChannels } from '../features/channels/channels.service';
import { insertChannel } from '../testing/channels';
import { startInternalService } from '../testing/internal-service';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app';
import { FIXTURE_CHANNEL_ID, startYouTubeFixture } from '../testing/youtube-fixture';
import { FEED_PROBLEMS } from './channels';
import { OutboundRefused } from './outbound';
import { createYouTubeSources } from './transcripts';
import { createVideoCatalog } from './video-catalog';

/**
 * The outbound rules (decision 057) through the app: a YouTube that redirects where it should not, or
 * names caption tracks on another host, gets nothing from the server but a refusal.
 */
let youtube: Awaited<ReturnType<typeof startYouTubeFixture>>;
let internal: Awaited<ReturnType<typeof startInternalService>>;
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  youtube = await startYouTubeFixture();
  internal = await startInternalService();
  t = await createTestApp({ YOUTUBE_BASE_URL: youtube.baseURL });
  user = await t.createOnboardedUser();
});
afterAll(async () => {
  await t.close();
  await internal.close();
  await youtube.close();
});

const follow = (link: string) => user.client.post('/api/channels', { link });
const redirect = (path: string, location: string) =>
  youtube.answer(path, { status: 302, headers: { location } });

async function expectRefused(response: Response) {
  expect(response.status).toBe(503);
  expect((await response.json()).error.message).toBe(CHANNEL_MESSAGES.refused);
}

describe('a channel page that redirects', () => {
  it('to loopback: refused, and the service there is never reached', async () => {
    redirect('/@toloopback', `${internal.url}/admin`);
    await expectRefused(await follow('@toloopback'));
    expect(internal.connections()).toBe(0);
  });

  it('to a private range or the metadata service: refused', async () => {
    for (const target of [
      'http://10.0.0.7/',
      'http://169.254.169.254/latest/meta-data/',
      'https://192.168.1.1/',
    ]) {
      redirect('/@toprivate', target);
      await expectRefused(await follow('@toprivate'));
    }
  });

  it('to a foreign host: refused', async () => {
    redirect('/@toforeign', 'https://example.com/@someone');
    await expectRefused(await follow('@toforeign'));
  });

  it('in a loop: refused after three hops', async () => {
    redirect('/@inaloop', '/@inaloop');
    await expectRefused(await follow('@inaloop'));
    expect(youtube.hits.get('answer:/@inaloop')).toBe(4);
  });

  it('within YouTube: followed', async () => {
    redirect('/@renamed', '/@vidvisorfixtures');
    const response = await follow('@renamed');
    expect(response.status).toBe(201);
    expect((await response.json()).channelId).toBe(FIXTURE_CHANNEL_ID);
  });

  it('from a video link’s watch page to loopback: refused, nothing saved', async () => {
    redirect('/watch?v=autoOnly001', `${internal.url}/`);
    const before = await t.db.select().from(channels);
    await expectRefused(await follow('https://www.youtube.com/watch?v=autoOnly001'));
    expect(await t.db.select().from(channels)).toEqual(before);
    expect(internal.connections()).toBe(0);
  });
});

describe('a channel feed that redirects to loopback', () => {
  it('is not followed: the channel shows YouTube refused, and the service is never reached', async () => {
    const channelId = await insertChannel(t.db, [user.id]);
    redirect(`/feeds/videos.xml?channel_id=${channelId}`, `${internal.url}/feed.xml`);
    await pollDueChannels(t.deps, new Date());
    const [row] = await t.db.select().from(channels).where(eq(channels.id, channelId));
    expect(row).toMatchObject({ state: 'failing', problem: FEED_PROBLEMS.refused });
    expect(internal.connections()).toBe(0);
  });
});

describe('caption tracks on another host', () => {
  it('are never fetched: the consultation offers paste or upload instead', async () => {
    youtube.poisonCaptions('spanishEs01', internal.url);
    youtube.poisonCaptions('frOnly00001', 'https://example.com');
    for (const videoId of ['spanishEs01', 'frOnly00001']) {
      const response = await user.client.post('/api/chats', {
        source: 'youtube',
        youtubeUrl: `https://www.youtube.com/watch?v=${videoId}`,
      });
      expect(response.status, videoId).toBe(502);
      expect((await response.json()).error.code).toBe('transcript_blocked');
    }
    expect(internal.connections()).toBe(0);
  });
});

describe('the APIs the server calls: no redirect at all', () => {
  /** An API at a configured origin that answers every request with a redirect to the internal service. */
  async function redirectingApi() {
    const server = createServer((_req, res) => res.writeHead(307, { location: `${internal.url}/` }).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      close: () => new Promise((resolve) => server.close(resolve)),
    };
  }

  it('the paid transcript API: its redirect is not followed', async () => {
    const api = await redirectingApi();
    try {
      const [, , paidApi] = createYouTubeSources({
        baseUrl: youtube.baseURL,
        transcriptApi: { url: `${api.url}/transcript`, key: 'paid-key' },
      });
      await expect(paidApi!.fetch('manualEn001', AbortSignal.timeout(60_000))).rejects.toThrow(
        OutboundRefused,
      );
      expect(internal.connections()).toBe(0);
    } finally {
      await api.close();
    }
  });

  it('the YouTube Data API: its redirect is not followed, and YouTube counts as refusing', async () => {
    const api = await redirectingApi();
    try {
      const catalog = createVideoCatalog({
        apiKey: 'a-key',
        apiUrl: `${api.url}/youtube/v3`,
        youtubeBaseUrl: youtube.baseURL,
        db: t.db,
        dailyBudget: 1_000,
      });
      const found = await catalog.search!({ keywords: ['pricing'], order: 'relevance', maxResults: 5 });
      expect(found).toMatchObject({ ok: false, problem: { kind: 'refused' } });
      expect(internal.connections()).toBe(0);
    } finally {
      await api.close();
    }
  });
});
