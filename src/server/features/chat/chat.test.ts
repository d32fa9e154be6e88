import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '../../../shared/dates';
import { NUL_IN_TEXT_MESSAGE } from '../../../shared/schemas/common';
import { USAGE_LIMIT_EXCEEDED_MESSAGE } from '../../../shared/usage';
import { chatMessages, chats, generationLeases, usageMonths } from '../../db/schema';
import { createManualChat, stopReply, waitFor } from '../../testing/consult';
import { disconnect } from '../../testing/disconnect';
import { createTestApp, TEST_BASE_URL, type TestApp, type TestUser } from '../../testing/test-app';
import { readUiStream, readUntil } from '../../testing/ui-stream';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// A test that holds the offline model's replies opens the gate again, even when it fails.
afterEach(() => t.offlineGate.open());

const TRANSCRIPT = [
  '0:00',
  'Welcome to the show about growing a small food business.',
  '0:12',
  'The first lever is retention: a subscription box keeps customers coming back every week.',
  '0:31',
  'Customer acquisition costs fall when referrals reward both the old and the new customer.',
  '1:05',
  'Pricing: test a premium tier with delivery before breakfast, it raises margins.',
].join('\n');

const newChat = (user: TestUser, transcript = TRANSCRIPT) => createManualChat(user, transcript);
const leasesOf = (userId: string) =>
  t.db.select().from(generationLeases).where(eq(generationLeases.userId, userId));

describe('creating a consultation', () => {
  it('stores a pasted transcript with its times, and titles it with its first 50 characters', async () => {
    const user = await t.createOnboardedUser();
    const created = await user.client.json(
      '/api/chats',
      { method: 'POST', json: { source: 'manual', transcript: TRANSCRIPT } },
      201,
    );
    const [row] = await t.db.select().from(chats).where(eq(chats.id, created.id));
    expect(row!.userId).toBe(user.id);
    expect(row!.title).toBe('Welcome to the show about growing a small food bus');
    expect(row!.transcript.startsWith('Welcome to the show')).toBe(true);
    expect(row!.transcriptSegments?.map((s) => s.start)).toEqual([0, 12, 31, 65]);
    expect(row!.youtubeUrl).toBeNull();
  });

  it('keeps a YouTube link given with a pasted transcript', async () => {
    const user = await t.createOnboardedUser();
    const { id } = await user.client.json(
      '/api/chats',
      {
        method: 'POST',
        json: { source: 'manual', transcript: 'Plain words.', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' },
      },
      201,
    );
    const view = await user.client.json(`/api/chats/${id}`);
    expect(view.chat.youtubeUrl).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  it('reads an uploaded .vtt file keeping cue times', async () => {
    const user = await t.createOnboardedUser();
    const content =
      'WEBVTT\n\n00:00:02.000 --> 00:00:05.000\nReferrals cut costs.\n\n00:01:10.000 --> 00:01:12.000\nRaise prices.\n';
    const { id } = await user.client.json(
      '/api/chats',
      { method: 'POST', json: { source: 'captions', fileName: 'talk.vtt', content } },
      201,
    );
    const [row] = await t.db.select().from(chats).where(eq(chats.id, id));
    expect(row!.transcript).toBe('Referrals cut costs. Raise prices.');
    expect(row!.transcriptSegments).toEqual([
      { start: 2, duration: 3, text: 'Referrals cut costs.' },
      { start: 70, duration: 2, text: 'Raise prices.' },
    ]);
  });

  it.each([
    ['a blank transcript', { source: 'manual', transcript: '   \n ' }, 'transcript'],
    ['an oversized transcript', { source: 'manual', transcript: 'x'.repeat(500_001) }, 'transcript'],
    [
      'a non-YouTube link',
      { source: 'manual', transcript: 'ok', youtubeUrl: 'https://vimeo.com/123' },
      'youtubeUrl',
    ],
    [
      'another site',
      { source: 'youtube', youtubeUrl: 'https://example.com/watch?v=dQw4w9WgXcQ' },
      'youtubeUrl',
    ],
    ['a .txt file', { source: 'captions', fileName: 'talk.txt', content: 'hello' }, 'fileName'],
    [
      'a malformed caption file',
      { source: 'captions', fileName: 'talk.srt', content: 'not captions' },
      'content',
    ],
    [
      'a caption file over 2 MB',
      { source: 'captions', fileName: 'talk.srt', content: 'x'.repeat(2 * 1024 * 1024 + 1) },
      'content',
    ],
    [
      'a caption file over 2 MB as UTF-8, though under 2 M characters',
      {
        source: 'captions',
        fileName: 'talk.vtt',
        content: `WEBVTT\n\n00:00.000 --> 00:01.000\n${'é'.repeat(1024 * 1024)}`,
      },
      'content',
    ],
    [
      'a pasted transcript with a NUL character',
      { source: 'manual', transcript: 'price\u0000tiers' },
      'transcript',
    ],
    [
      'a caption file with a NUL character',
      { source: 'captions', fileName: 'talk.vtt', content: 'WEBVTT\n\n00:00.000 --> 00:01.000\nhi\u0000' },
      'content',
    ],
    ['an unknown source', { source: 'fax' }, 'source'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_label, body, field) => {
    const user = await t.createOnboardedUser();
    const response = await user.client.post('/api/chats', body);
    expect(response.status).toBe(400);
    expect((await response.json()).error.field).toBe(field);
    expect(await t.db.select().from(chats).where(eq(chats.userId, user.id))).toEqual([]);
  });

  it('says "Invalid YouTube URL" for a link without a video id', async () => {
    const user = await t.createOnboardedUser();
    const response = await user.client.post('/api/chats', {
      source: 'youtube',
      youtubeUrl: 'https://youtube.com/watch?v=nope',
    });
    expect((await response.json()).error.message).toBe('youtubeUrl: Invalid YouTube URL');
  });

  it('lets only signed-in users past the onboarding gates create chats', async () => {
    expect((await t.client().post('/api/chats', { source: 'manual', transcript: 'hi' })).status).toBe(401);
    const noProfile = await t.createUser();
    const refused = await noProfile.client.post('/api/chats', { source: 'manual', transcript: 'hi' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('profile_required');
    const noPlan = await t.createUser({ profile: true });
    expect(
      (await (await noPlan.client.post('/api/chats', { source: 'manual', transcript: 'hi' })).json()).error
        .code,
    ).toBe('plan_required');
  });
});

describe('reading a chat', () => {
  it('belongs to its owner: others get 404, bad ids 400, deleted chats 404', async () => {
    const owner = await t.createOnboardedUser();
    const stranger = await t.createOnboardedUser();
    const id = await newChat(owner);
    const view = await owner.client.json(`/api/chats/${id}`);
    expect(view).toMatchObject({ readOnly: false, messages: [], usageExceeded: false, offlineModel: true });
    expect((await stranger.client.get(`/api/chats/${id}`)).status).toBe(404);
    expect((await stranger.client.get(`/api/chats/${id}?ia=1`)).status).toBe(404);
    expect((await stranger.client.post(`/api/chats/${id}/messages`, { content: 'hi' })).status).toBe(404);
    expect((await stranger.client.post(`/api/chats/${id}/first-reply`)).status).toBe(404);
    expect((await owner.client.get('/api/chats/not-a-uuid')).status).toBe(400);
    await t.db.update(chats).set({ deletedAt: new Date() }).where(eq(chats.id, id));
    expect((await owner.client.get(`/api/chats/${id}`)).status).toBe(404);
    expect((await owner.client.post(`/api/chats/${id}/messages`, { content: 'hi' })).status).toBe(404);
  });

  it('lets a super admin read any chat read-only with ?ia=1, and not write to it', async () => {
    const owner = await t.createOnboardedUser();
    const boss = await t.createUser({ role: 'super_admin', profile: true });
    const admin = await t.createUser({ role: 'admin', profile: true });
    const id = await newChat(owner);
    expect((await boss.client.get(`/api/chats/${id}`)).status).toBe(404);
    expect(await boss.client.json(`/api/chats/${id}?ia=1`)).toMatchObject({ readOnly: true });
    expect((await admin.client.get(`/api/chats/${id}?ia=1`)).status).toBe(404);
    expect((await boss.client.post(`/api/chats/${id}/messages`, { content: 'hi' })).status).toBe(404);
  });
});

describe('the automatic first answer', () => {
  it('streams an offline answer citing moments, stores it with tokens, and counts usage', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    const response = await user.client.post(`/api/chats/${id}/first-reply`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const stream = await readUiStream(response);
    expect(stream.chunks.filter((c) => c.type === 'text-delta').length).toBeGreaterThan(10);
    expect(stream.text).toMatch(/\[00:(12|31)\]/);
    expect(stream.text).toContain('Brightside Bakery');
    const view = await user.client.json(`/api/chats/${id}`);
    expect(view.messages).toHaveLength(1);
    const [answer] = view.messages;
    expect(answer).toMatchObject({ role: 'assistant', status: 'complete', content: stream.text });
    expect(answer.totalTokens).toBeGreaterThan(100);
    expect(stream.metadata).toEqual({ totalTokens: answer.totalTokens, status: 'complete' });
    expect(view.chat.totalTokens).toBe(answer.totalTokens);
    const [usage] = await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id));
    expect(usage).toMatchObject({ month: monthKey(), tokens: answer.totalTokens });
  });

  it('is generated exactly once when two tabs ask at the same moment', async () => {
    const user = await t.createOnboardedUser({ role: 'admin' });
    const id = await newChat(user);
    const responses = await Promise.all([
      user.client.post(`/api/chats/${id}/first-reply`),
      user.client.post(`/api/chats/${id}/first-reply`),
      user.client.post(`/api/chats/${id}/first-reply`),
    ]);
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    await Promise.all(responses.map((r) => r.text()));
    const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, id));
    expect(rows).toHaveLength(1);
    expect((await user.client.post(`/api/chats/${id}/first-reply`)).status).toBe(409);
  });

  it('is generated once for a free user too, whose second tab is told to wait', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    const responses = await Promise.all([
      user.client.post(`/api/chats/${id}/first-reply`),
      user.client.post(`/api/chats/${id}/first-reply`),
    ]);
    const refused = responses.find((r) => r.status === 409)!;
    expect(['first_reply_taken', 'reply_in_progress']).toContain((await refused.json()).error.code);
    await responses.find((r) => r.status === 200)!.text();
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, id))).toHaveLength(1);
  });
});

describe('sending a message', () => {
  it('stores the message first, streams the reply, and stores it with its tokens', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    await readUiStream(await user.client.post(`/api/chats/${id}/first-reply`));
    const response = await user.client.post(`/api/chats/${id}/messages`, {
      content: '  How do I price a premium tier?  ',
    });
    expect(response.status).toBe(200);
    const stream = await readUiStream(response);
    expect(stream.text).toContain('[01:05]');
    const view = await user.client.json(`/api/chats/${id}`);
    expect(view.messages.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    expect(view.messages[1].content).toBe('How do I price a premium tier?');
    const total = view.messages.reduce((sum: number, m: { totalTokens: number }) => sum + m.totalTokens, 0);
    expect(view.chat.totalTokens).toBe(total);
    const [usage] = await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id));
    expect(usage).toMatchObject({ tokens: total, messages: 1 });
  });

  it.each([
    ['a blank message', { content: '   ' }],
    ['an oversized message', { content: 'x'.repeat(10_001) }],
    ['no message', {}],
  ])('refuses %s with 400 and stores nothing', async (_label, body) => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    expect((await user.client.post(`/api/chats/${id}/messages`, body)).status).toBe(400);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, id))).toEqual([]);
  });

  it('refuses a NUL character at the edge, naming the field, before any lease is taken', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    const response = await user.client.post(`/api/chats/${id}/messages`, { content: 'price\u0000tiers' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { field: 'content', message: `content: ${NUL_IN_TEXT_MESSAGE}` },
    });
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, id))).toEqual([]);
  });

  it('saves the partial reply when the user stops it', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    t.offlineGate.close();
    const response = await user.client.post(`/api/chats/${id}/messages`, {
      content: 'Tell me about referrals',
    });
    const partial = await readUntil(response, (text) => text.length > 20);
    await stopReply(user, id);
    await expectPartialReplySaved(user, id, partial);
  });

  it('goes on to the end when a client that sent its question in chunks disconnects over HTTP', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    t.offlineGate.close();
    const server = createServer(getRequestListener(t.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const controller = new AbortController();
      // A stream body has no Content-Length: the body limit reads it and re-wraps the request.
      const response = await fetch(`http://127.0.0.1:${port}/api/chats/${id}/messages`, {
        method: 'POST',
        headers: {
          cookie: user.client.cookieHeader(),
          origin: TEST_BASE_URL,
          'content-type': 'application/json',
        },
        body: new Blob([JSON.stringify({ content: 'Tell me about referrals' })]).stream(),
        duplex: 'half',
        signal: controller.signal,
      } as RequestInit);
      expect(response.status).toBe(200);
      const partial = await readUntil(response, (text) => text.length > 20);
      disconnect(controller);
      // Gone, the client stops nothing (decision 065): the answer is written to its end and saved whole.
      await waitFor(async () => (t.offlineGate.held === 1 ? true : undefined));
      t.offlineGate.open();
      const stored = await waitFor(async () => {
        const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, id));
        return rows.find((m) => m.role === 'assistant');
      });
      expect(stored.status).toBe('complete');
      expect(stored.content.startsWith(partial)).toBe(true);
      expect(stored.content).toContain('Ask a follow-up about any moment above');
      const [usage] = await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id));
      expect(usage!.tokens).toBe(stored.totalTokens);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});

/** The stopped reply is stored as far as the client read it (and a little beyond), charged as stored. */
async function expectPartialReplySaved(user: TestUser, chatId: string, partial: string) {
  const stored = await waitFor(async () => {
    const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    return rows.find((m) => m.role === 'assistant');
  });
  expect(stored.status).toBe('partial');
  expect(stored.content.startsWith(partial)).toBe(true);
  expect(stored.content.length).toBeLessThan(600);
  expect(stored.completionTokens).toBeGreaterThan(0);
  expect(stored.promptTokens).toBeGreaterThan(0);
  const [usage] = await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id));
  expect(usage!.tokens).toBe(stored.totalTokens);
}

describe('the monthly limit', () => {
  it('answers 402 with the spec message before a reply starts, and the chat says so', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    await t.db
      .insert(usageMonths)
      .values({ userId: user.id, month: monthKey(), tokens: 30_001, messages: 3 });
    const response = await user.client.post(`/api/chats/${id}/messages`, { content: 'More please' });
    expect(response.status).toBe(402);
    expect(await response.json()).toEqual({
      error: { code: 'usage_limit_exceeded', message: USAGE_LIMIT_EXCEEDED_MESSAGE },
    });
    expect((await user.client.post(`/api/chats/${id}/first-reply`)).status).toBe(402);
    expect(await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, id))).toEqual([]);
    expect((await user.client.json(`/api/chats/${id}`)).usageExceeded).toBe(true);
  });

  it('refuses a new chat over the limit with 402 and the spec message, storing nothing', async () => {
    const user = await t.createOnboardedUser();
    await t.db.insert(usageMonths).values({ userId: user.id, month: monthKey(), tokens: 30_001 });
    for (const json of [
      { source: 'manual', transcript: 'A transcript that would never be answered.' },
      { source: 'youtube', youtubeUrl: 'https://www.youtube.com/watch?v=manualEn001' },
    ]) {
      const response = await user.client.post('/api/chats', json);
      expect(response.status).toBe(402);
      expect(await response.json()).toEqual({
        error: { code: 'usage_limit_exceeded', message: USAGE_LIMIT_EXCEEDED_MESSAGE },
      });
    }
    expect(await t.db.select().from(chats).where(eq(chats.userId, user.id))).toEqual([]);
    expect((await user.client.json('/api/chats')).canStartConsultation).toBe(false);
  });

  it('creates chats up to exactly the limit, and for staff over any amount', async () => {
    const user = await t.createOnboardedUser();
    await t.db.insert(usageMonths).values({ userId: user.id, month: monthKey(), tokens: 30_000 });
    await newChat(user);
    const boss = await t.createUser({ role: 'admin' });
    await t.db.insert(usageMonths).values({ userId: boss.id, month: monthKey(), tokens: 10_000_000 });
    await newChat(boss);
  });

  it('allows exactly the limit, and never limits staff', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    await t.db.insert(usageMonths).values({ userId: user.id, month: monthKey(), tokens: 30_000 });
    expect((await user.client.post(`/api/chats/${id}/messages`, { content: 'ok?' })).status).toBe(200);
    const boss = await t.createUser({ role: 'super_admin', profile: true });
    const bossChat = await newChat(boss);
    await t.db.insert(usageMonths).values({ userId: boss.id, month: monthKey(), tokens: 10_000_000 });
    const bossReply = await boss.client.post(`/api/chats/${bossChat}/messages`, { content: 'hi' });
    expect(bossReply.status).toBe(200);
    await bossReply.text();
  });

  it('lets parallel sends start one reply at a time', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    await t.db.insert(usageMonths).values({ userId: user.id, month: monthKey(), tokens: 29_990 });
    t.offlineGate.close(); // the first reply cannot end before every send is answered
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        user.client.post(`/api/chats/${id}/messages`, { content: `q${i}` }),
      ),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    t.offlineGate.open();
    await Promise.all(responses.map((r) => r.text()));
    const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, id));
    expect(rows.filter((m) => m.role === 'user')).toHaveLength(1);
    // That reply crossed the limit once it was saved (its lease freed): the next send is refused.
    await waitFor(async () => ((await leasesOf(user.id)).length === 0 ? true : undefined));
    const next = await user.client.post(`/api/chats/${id}/messages`, { content: 'again' });
    expect(next.status).toBe(402);
  });

  it('frees the generation lease when the usage cannot be read', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    await t.db.execute(sql`alter table ${usageMonths} rename to usage_months_away`);
    try {
      const failed = await user.client.post(`/api/chats/${id}/messages`, { content: 'first try' });
      expect(failed.status).toBe(500);
    } finally {
      await t.db.execute(sql`alter table usage_months_away rename to ${usageMonths}`);
    }
    // Not "another reply is still being written" for the lease's 11 minutes: the send goes through.
    const retried = await user.client.post(`/api/chats/${id}/messages`, { content: 'second try' });
    expect(retried.status).toBe(200);
    await retried.text();
  });

  it('lets no user with an unknown plan start a reply', async () => {
    const user = await t.createUser({ profile: true, freePlan: 'free' });
    const id = await newChat(user);
    await t.db.execute(`update "user" set free_plan_id = 'gold' where id = '${user.id}'` as never);
    expect((await user.client.post(`/api/chats/${id}/messages`, { content: 'hi' })).status).toBe(403);
  });
});
