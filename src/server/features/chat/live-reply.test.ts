import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, liveReplies, usageMonths } from '../../db/schema';
import { createManualChat, stopReply, waitFor } from '../../testing/consult';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { readRest, readUiStream, readUntil } from '../../testing/ui-stream';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.offlineGate.open());

const TRANSCRIPT = [
  '0:00',
  'Welcome to the show about growing a small food business.',
  '0:31',
  'Customer acquisition costs fall when referrals reward both the old and the new customer.',
  '1:05',
  'Pricing: test a premium tier with delivery before breakfast, it raises margins.',
].join('\n');

const assistantOf = async (chatId: string) => {
  const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
  return rows.filter((m) => m.role === 'assistant');
};

/** A follow-up held by the gate after its first words: its response, and the text read so far. */
async function heldAnswer(user: TestUser) {
  const chatId = await createManualChat(user, TRANSCRIPT);
  t.offlineGate.close();
  const response = await user.client.post(`/api/chats/${chatId}/messages`, {
    content: 'Tell me about referrals',
  });
  expect(response.status).toBe(200);
  const soFar = await readUntil(response, (text) => text.length > 20);
  await waitFor(async () => (t.offlineGate.held === 1 ? true : undefined));
  return { chatId, response, soFar };
}

const liveRows = (chatId: string) => t.db.select().from(liveReplies).where(eq(liveReplies.chatId, chatId));
/** PostgreSQL announces a live reply to every process by a row (decision 071); PGlite's one process needs none. */
const onPostgres = () => t.deps.database.kind === 'postgres';

const follow = (user: TestUser, chatId: string, query = '') =>
  user.client.request(`/api/chats/${chatId}/stream${query}`);

describe('a live answer', () => {
  it('is followed by a reload from its first part, live to its end, once, and the chat settles on it', async () => {
    const user = await t.createOnboardedUser();
    const { chatId, response, soFar } = await heldAnswer(user);
    const view = await user.client.json(`/api/chats/${chatId}`);
    const question = view.messages.at(-1);
    expect(question.role).toBe('user');
    expect(view.liveReply).toEqual({ afterMessageId: question.id });
    expect(await liveRows(chatId)).toMatchObject(
      onPostgres() ? [{ userId: user.id, afterMessageId: question.id }] : [],
    );

    const reload = await follow(user, chatId);
    expect(reload.status).toBe(200);
    expect(reload.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    // Everything so far, before the gate lets the model go on.
    const resumedSoFar = await readUntil(reload, (text) => text.length >= soFar.length);
    expect(resumedSoFar.startsWith(soFar)).toBe(true);
    const secondTab = await follow(user, chatId);

    t.offlineGate.open();
    const [original, resumed, other] = await Promise.all([
      readRest(response),
      readRest(reload),
      readUiStream(secondTab),
    ]);
    const [stored] = await assistantOf(chatId);
    expect(stored!.status).toBe('complete');
    expect(`${soFar}${original.text}`).toBe(stored!.content);
    expect(`${resumedSoFar}${resumed.text}`).toBe(stored!.content);
    expect(other.text).toBe(stored!.content);
    expect(resumed.metadata).toEqual({ totalTokens: stored!.totalTokens, status: 'complete' });
    // Every reader streams the answer under the id it is stored with: a settled chat keeps its element.
    expect(other.chunks.filter((chunk) => chunk.type === 'start')).toEqual([
      { type: 'start', messageId: stored!.id },
    ]);
    expect((await user.client.json(`/api/chats/${chatId}`)).liveReply).toBeNull();
    // Deleted with the saved answer, in the same statement.
    expect(await liveRows(chatId)).toEqual([]);
  });

  it('is stopped by its owner from another tab: saved with what arrived and its tokens, for every tab', async () => {
    const user = await t.createOnboardedUser();
    const { chatId, response, soFar } = await heldAnswer(user);
    const secondTab = await follow(user, chatId);
    await stopReply(user, chatId);

    const [stored] = await assistantOf(chatId);
    expect(stored!.status).toBe('partial');
    expect(stored!.content.startsWith(soFar)).toBe(true);
    expect(stored!.content).not.toContain('Ask a follow-up');
    expect(stored!.completionTokens).toBeGreaterThan(0);
    const [usage] = await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id));
    expect(usage!.tokens).toBe(stored!.totalTokens);
    const [asked, followed] = [await readRest(response), await readUiStream(secondTab)];
    expect(`${soFar}${asked.text}`).toBe(stored!.content);
    expect(followed.text).toBe(stored!.content);
    for (const tab of [asked, followed]) {
      expect(tab.metadata).toEqual({ totalTokens: stored!.totalTokens, status: 'partial' });
    }
    expect(t.deps.admission.repliesInFlight).toBe(0);
    expect(await liveRows(chatId)).toEqual([]);
  });

  it('may be followed by staff reading the chat, never stopped by them, and is hidden from others', async () => {
    const owner = await t.createOnboardedUser();
    const other = await t.createOnboardedUser();
    const staff = await t.createOnboardedUser({ role: 'super_admin' });
    const { chatId, soFar } = await heldAnswer(owner);

    const staffView = await follow(staff, chatId, '?ia=1');
    expect(staffView.status).toBe(200);
    const staffSoFar = await readUntil(staffView, (text) => text.length >= soFar.length);
    expect(staffSoFar.startsWith(soFar)).toBe(true);
    for (const [who, query] of [
      [other, ''],
      [other, '?ia=1'],
      [staff, ''],
    ] as const) {
      const refused = await follow(who, chatId, query);
      expect(refused.status).toBe(404);
    }
    for (const who of [other, staff]) {
      const refused = await who.client.post(`/api/chats/${chatId}/stop`);
      expect(refused.status).toBe(404);
      expect((await refused.json()).error.code).toBe('not_found');
    }
    // Still live: nothing was stopped or saved.
    expect(t.deps.liveReplies.find(chatId)).not.toBeNull();
    expect(await assistantOf(chatId)).toEqual([]);

    t.offlineGate.open();
    expect((await readRest(staffView)).metadata?.status).toBe('complete');
    expect((await assistantOf(chatId))[0]!.status).toBe('complete');
  });
});

describe('an answer that is not live', () => {
  it('is answered from what was saved when it ended before the reconnect, and cannot be stopped', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await createManualChat(user, TRANSCRIPT);
    await readUiStream(await user.client.post(`/api/chats/${chatId}/messages`, { content: 'Pricing?' }));
    const [stored] = await assistantOf(chatId);

    const late = await readUiStream(await follow(user, chatId));
    expect(late.text).toBe(stored!.content);
    expect(late.chunks[0]).toEqual({ type: 'start', messageId: stored!.id });
    expect(late.metadata).toEqual({ totalTokens: stored!.totalTokens, status: 'complete' });

    const usageBefore = await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id));
    const stop = await user.client.post(`/api/chats/${chatId}/stop`);
    expect(stop.status).toBe(409);
    expect((await stop.json()).error).toMatchObject({
      code: 'no_live_reply',
      message: 'No answer is being written in this chat',
    });
    expect(await assistantOf(chatId)).toEqual([stored]);
    expect(await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id))).toEqual(usageBefore);
  });

  it('answers 409 for a chat with no answer, 404 for an unknown chat and 400 naming a bad id', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await createManualChat(user, TRANSCRIPT);
    // createManualChat claims nothing and answers nothing: its last message is no answer.
    const none = await follow(user, chatId);
    expect(none.status).toBe(409);
    expect((await none.json()).error.code).toBe('no_live_reply');
    const unknown = crypto.randomUUID();
    expect((await follow(user, unknown)).status).toBe(404);
    expect((await user.client.post(`/api/chats/${unknown}/stop`)).status).toBe(404);
    const bad = await follow(user, 'not-a-chat');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toContain('chatId');
    const badQuery = await follow(user, chatId, '?ia=2');
    expect(badQuery.status).toBe(400);
  });
});

describe('a row left by a process that went away', () => {
  /** A row as a killed process leaves it: no process holds its reply. */
  async function orphanRow(user: TestUser, expiresAt: Date) {
    const chatId = await createManualChat(user, TRANSCRIPT);
    await t.db.insert(liveReplies).values({ id: crypto.randomUUID(), chatId, userId: user.id, expiresAt });
    return chatId;
  }
  const viewOf = async (user: TestUser, chatId: string) =>
    (await user.client.json(`/api/chats/${chatId}`)).liveReply;

  it('never shows a chat as live once it has expired', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await orphanRow(user, new Date(Date.now() - 1_000));
    expect(await viewOf(user, chatId)).toBeNull();
    expect((await follow(user, chatId)).status).toBe(409);
    expect((await user.client.post(`/api/chats/${chatId}/stop`)).status).toBe(409);
  });

  it('is forgotten by the first follow or Stop that no process answers', async () => {
    const user = await t.createOnboardedUser();
    const later = new Date(Date.now() + 60_000);
    const chatId = await orphanRow(user, later);
    // PostgreSQL believes the row until a process is asked; PGlite reads only its own memory.
    expect(await viewOf(user, chatId)).toEqual(onPostgres() ? { afterMessageId: null } : null);
    const none = await follow(user, chatId);
    expect(none.status).toBe(409);
    expect((await none.json()).error.code).toBe('no_live_reply');
    expect(await viewOf(user, chatId)).toBeNull();
    if (onPostgres()) expect(await liveRows(chatId)).toEqual([]);

    const stopped = await orphanRow(user, later);
    expect((await user.client.post(`/api/chats/${stopped}/stop`)).status).toBe(409);
    expect(await viewOf(user, stopped)).toBeNull();
  });
});
