import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '../../shared/dates';
import { BUSY_MESSAGE } from '../../shared/errors';
import { createApi } from '../app';
import { chatMessages, chats, generationLeases, usageMonths } from '../db/schema';
import { chatReplyPaths } from '../features/chat/chat.routes';
import { libraryReplyPaths } from '../features/library/library.routes';
import { createManualChat, settleReplies, waitFor } from '../testing/consult';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app';
import { readUiStream, readUntil } from '../testing/ui-stream';

/**
 * A full process refuses a new reply with 503 busy before anything is stored or leased, keeps serving
 * everything else, and says so on /api/health. "Full" is driven by the bound on replies in flight (one,
 * held by a reply the offline model's gate stops mid-stream) and by the heap bound set below what any
 * process uses: never by real load.
 */

const TRANSCRIPT = '0:00\nWelcome.\n0:12\nReferrals reward both sides and cut acquisition costs.';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ REPLIES_IN_FLIGHT_MAX: '1' });
});
afterAll(() => t.close());
afterEach(() => t.offlineGate.open());

/** What a refused reply must leave as it was: the user's messages, leases and chats. */
async function rowsOf(user: TestUser) {
  const [messages] = await t.db
    .select({ n: count() })
    .from(chatMessages)
    .where(eq(chatMessages.userId, user.id));
  const [leases] = await t.db
    .select({ n: count() })
    .from(generationLeases)
    .where(eq(generationLeases.userId, user.id));
  const own = await t.db
    .select({ id: chats.id, claimed: chats.firstReplyClaimedAt })
    .from(chats)
    .where(eq(chats.userId, user.id));
  return { messages: messages!.n, leases: leases!.n, chats: own };
}

async function expectBusy(response: Response) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('2');
  expect(await response.json()).toEqual({ error: { code: 'busy', message: BUSY_MESSAGE } });
}

/** A reply of `user` held by the closed gate after its first words: it fills the only place. */
async function holdReply(user: TestUser) {
  const chatId = await createManualChat(user, TRANSCRIPT);
  t.offlineGate.close();
  const response = await user.client.request(`/api/chats/${chatId}/messages`, {
    method: 'POST',
    json: { content: 'Tell me about referrals' },
  });
  expect(response.status).toBe(200);
  await readUntil(response, (text) => text.length > 0);
  return response;
}

/** A transaction holding the chat's row (PGlite: the whole database) until `release`. */
function holdSaveOf(chatId: string) {
  let holding!: () => void;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const done = t.db.transaction(async (tx) => {
    await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId)).for('update');
    holding();
    await released;
  });
  return { holding: held, release, done };
}

async function readToEnd(response: Response) {
  const reader = response.body!.getReader();
  while (!(await reader.read()).done);
}

describe('the reply routes admitted before their session is read', () => {
  it('are each a POST route of the API', () => {
    const posts = createApi(t.deps)
      .routes.filter((route) => route.method === 'POST')
      .map((route) => route.path);
    for (const path of [...chatReplyPaths, ...libraryReplyPaths]) expect(posts).toContain(path);
  });
});

describe('a full process', () => {
  it('refuses every new reply with 503 busy, storing and leasing nothing, and serves the rest', async () => {
    const streaming = await t.createOnboardedUser();
    const other = await t.createOnboardedUser();
    const chatId = await createManualChat(other, TRANSCRIPT);
    const held = await holdReply(streaming);
    // Its prompt is built and its first words have streamed: it streams, and is no longer preparing.
    expect(t.deps.admission.repliesInFlight).toBe(1);
    expect(t.deps.admission.repliesPreparing).toBe(0);
    const before = await rowsOf(other);

    await expectBusy(await other.client.post(`/api/chats/${chatId}/first-reply`));
    await expectBusy(await other.client.post(`/api/chats/${chatId}/messages`, { content: 'Referrals?' }));
    await expectBusy(await other.client.post('/api/library/ask', { question: 'How do referrals work?' }));
    // The streaming user is refused too: busy comes before its own lease is looked at.
    const ownChat = await createManualChat(streaming, TRANSCRIPT);
    await expectBusy(await streaming.client.post(`/api/chats/${ownChat}/messages`, { content: 'And?' }));
    expect(await rowsOf(other)).toEqual(before);

    const health = await t.client().get('/api/health');
    expect(health.status).toBe(503);
    expect(health.headers.get('retry-after')).toBe('2');
    expect(await health.json()).toEqual({ status: 'full' });
    expect((await other.client.get('/api/me')).status).toBe(200);
    expect((await other.client.get(`/api/chats/${chatId}`)).status).toBe(200);
    // The place is asked for before the session is read: signed out, or sending what would be a 400,
    // a client is told busy, and it is told the rest once it is let in.
    const signedOut = t.client();
    for (const path of [...chatReplyPaths, ...libraryReplyPaths]) {
      const route = path.replace(':chatId', chatId).replace(':messageId', crypto.randomUUID());
      await expectBusy(await signedOut.post(`/api${route}`, { content: 'Hi', question: 'Hi there' }));
    }
    await expectBusy(await other.client.post(`/api/chats/${chatId}/messages`, { content: '' }));

    t.offlineGate.open();
    await readToEnd(held);
    await settleReplies(t.db);
    const [answer] = await t.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, streaming.id), eq(chatMessages.role, 'assistant')));
    expect(answer!.status).toBe('complete');
    expect((await t.client().get('/api/health')).status).toBe(200);
    expect((await other.client.post(`/api/chats/${chatId}/messages`, { content: '' })).status).toBe(400);
    expect((await signedOut.post(`/api/chats/${chatId}/messages`, { content: 'Hi' })).status).toBe(401);
    expect(t.deps.admission.repliesInFlight).toBe(0);
    expect(t.deps.admission.repliesPreparing).toBe(0);
    const answered = await other.client.post(`/api/chats/${chatId}/messages`, { content: 'Referrals?' });
    expect(answered.status).toBe(200);
    expect((await readUiStream(answered)).text).toContain('Here is what the video says');
  });

  it('keeps the place of a stopped reply until the reply is saved, then frees it', async () => {
    const streaming = await t.createOnboardedUser();
    const other = await t.createOnboardedUser();
    const otherChat = await createManualChat(other, TRANSCRIPT);
    await holdReply(streaming);
    await waitFor(async () => (t.offlineGate.held === 1 ? true : undefined));
    const [held] = await t.db.select({ id: chats.id }).from(chats).where(eq(chats.userId, streaming.id));
    // The save updates the chat's row: a lock on it holds the save back until the test lets it go.
    const save = holdSaveOf(held!.id);
    await save.holding;

    // Stopped from here: a stop request would wait on the lock too (its session lookup).
    void t.deps.liveReplies.stop(held!.id);
    await waitFor(async () => (t.offlineGate.held === 0 ? true : undefined));
    // The server still works on the reply (it is saving what it has): its place is still taken. (No
    // request here: on PGlite the lock holds the whole database, so even a session lookup waits.)
    expect(t.deps.admission.repliesInFlight).toBe(1);
    expect(t.deps.admission.fullReason()).toBe('replies');

    save.release();
    await save.done;
    await waitFor(async () => (t.deps.admission.repliesInFlight === 0 ? true : undefined));
    const [answer] = await t.db
      .select({ status: chatMessages.status })
      .from(chatMessages)
      .where(and(eq(chatMessages.userId, streaming.id), eq(chatMessages.role, 'assistant')));
    expect(answer).toEqual({ status: 'partial' });
    t.offlineGate.open();
    const answered = await other.client.post(`/api/chats/${otherChat}/messages`, { content: 'Referrals?' });
    expect(answered.status).toBe(200);
    await answered.text();
  });

  it('frees the place of a reply refused after admission (402, 409, 404)', async () => {
    const user = await t.createOnboardedUser();
    const stranger = await t.createOnboardedUser();
    const chatId = await createManualChat(user, TRANSCRIPT);
    const send = (who: TestUser) => who.client.post(`/api/chats/${chatId}/messages`, { content: 'Hi' });
    /** The one place is free again: nothing in flight, and the next reply is let in. */
    function expectPlaceFreed() {
      expect(t.deps.admission.repliesInFlight).toBe(0);
      expect(t.deps.admission.repliesPreparing).toBe(0);
      expect(t.deps.admission.fullReason()).toBeUndefined();
    }

    await t.db.insert(usageMonths).values({ userId: user.id, month: monthKey(new Date()), tokens: 30_001 });
    const over = await send(user);
    expect(over.status).toBe(402);
    expect((await over.json()).error.code).toBe('usage_limit_exceeded');
    expectPlaceFreed();
    await t.db.delete(usageMonths).where(eq(usageMonths.userId, user.id));

    // Another reply of the user's holds the lease (in another process, say).
    await t.db
      .insert(generationLeases)
      .values({ userId: user.id, leaseId: 'elsewhere', expiresAt: new Date(Date.now() + 60_000) });
    const writing = await send(user);
    expect(writing.status).toBe(409);
    expect((await writing.json()).error.code).toBe('reply_in_progress');
    expectPlaceFreed();
    await t.db.delete(generationLeases).where(eq(generationLeases.userId, user.id));

    expect((await send(stranger)).status).toBe(404);
    expectPlaceFreed();
    const answered = await send(user);
    expect(answered.status).toBe(200);
    await answered.text();
  });
});

describe('a process short of heap', () => {
  let tight: TestApp;
  beforeAll(async () => {
    tight = await createTestApp({ HEAP_USED_MAX_PERCENT: '1' });
  });
  afterAll(() => tight.close());

  it('refuses new replies with 503 busy and says it is full', async () => {
    const user = await tight.createOnboardedUser();
    const chatId = await createManualChat(user, TRANSCRIPT);
    const response = await user.client.post(`/api/chats/${chatId}/messages`, { content: 'Referrals?' });
    await expectBusy(response);
    expect(await tight.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).toEqual([]);
    expect((await tight.client().get('/api/health')).status).toBe(503);
  });
});
