import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '../../../shared/dates';
import { generationLeases, memories, usageMonths } from '../../db/schema';
import { createManualChat, type OpenAiStub, startAppWithOpenAiStub } from '../../testing/consult';
import { makeWaitingJobsDue, waitingJobs } from '../../testing/jobs';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { readUiStream } from '../../testing/ui-stream';
import { REMEMBER_JOB } from './extraction';

const TRANSCRIPT = '0:00\nWelcome.\n0:12\nRaise your prices with a premium tier.\n0:45\nReferrals cut costs.';
const FACT = 'We lost two clients after raising prices.';

const memoriesOf = (t: TestApp, userId: string) =>
  t.db.select().from(memories).where(eq(memories.userId, userId)).orderBy(memories.number);

async function consultation(user: TestUser) {
  const chatId = await createManualChat(user, TRANSCRIPT);
  await readUiStream(await user.client.post(`/api/chats/${chatId}/first-reply`));
  return chatId;
}

/** Sends a follow-up and reads its answer to the end; answers the stored question's id. */
async function ask(user: TestUser, chatId: string, content: string) {
  const stream = await readUiStream(await user.client.post(`/api/chats/${chatId}/messages`, { content }));
  const { messages } = await user.client.json(`/api/chats/${chatId}`);
  return { text: stream.text, questionId: messages.at(-2).id as string };
}

describe('remembering from consultations, offline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('keeps the user’s statements about their business after the answer, and the next answer quotes them', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await consultation(user);
    const { questionId } = await ask(user, chatId, `${FACT} How do I win them back?`);
    // Nothing is read before the job runs: the answer never waited for it.
    expect(await memoriesOf(t, user.id)).toEqual([]);
    expect(await t.deps.jobs.runQueued(REMEMBER_JOB)).toBe(1);
    const [memory] = await memoriesOf(t, user.id);
    expect(memory).toMatchObject({
      statement: FACT,
      kind: 'fact',
      origin: 'chat',
      chatId,
      messageId: questionId,
    });

    const next = await ask(user, chatId, 'Should I raise prices again?');
    expect(next.text).toContain(`**From what you told me before**\n\n- [M${memory!.number}] "${FACT}"`);
    // The question of the second turn states nothing: nothing new, and the first is not stored twice.
    await t.deps.jobs.runQueued(REMEMBER_JOB);
    expect(await memoriesOf(t, user.id)).toHaveLength(1);
  });

  it('remembers nothing while memory is paused or the consultation’s "Use memory" is off', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await consultation(user);
    await user.client.json('/api/memory/pause', { method: 'PUT', json: { paused: true } });
    await ask(user, chatId, FACT);
    await t.deps.jobs.runQueued(REMEMBER_JOB);
    expect(await memoriesOf(t, user.id)).toEqual([]);

    await user.client.json('/api/memory/pause', { method: 'PUT', json: { paused: false } });
    await user.client.json(`/api/chats/${chatId}/use-memory`, { method: 'PUT', json: { useMemory: false } });
    const off = await ask(user, chatId, 'Our best channel is referrals.');
    expect(off.text).not.toContain('told me before');
    await t.deps.jobs.runQueued(REMEMBER_JOB);
    expect(await memoriesOf(t, user.id)).toEqual([]);
  });

  it('yields to a reply in flight: the turn is read later, once no reply is being written', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await consultation(user);
    await ask(user, chatId, "I can't hire before March.");
    // A reply of the user starts before the turn is read.
    await t.db.insert(generationLeases).values({
      userId: user.id,
      leaseId: 'a-reply-in-flight',
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await t.deps.jobs.runQueued(REMEMBER_JOB)).toBe(1);
    expect(await memoriesOf(t, user.id)).toEqual([]);
    const [waiting] = await waitingJobs(t.db, REMEMBER_JOB);
    // The queue holds the message alone: nothing in it names the user.
    expect(waiting!.data).toEqual({ messageId: expect.any(String), waits: 1 });

    await t.db.delete(generationLeases).where(eq(generationLeases.userId, user.id));
    await makeWaitingJobsDue(t.db, REMEMBER_JOB);
    expect(await t.deps.jobs.runQueued(REMEMBER_JOB)).toBe(1);
    expect(await memoriesOf(t, user.id)).toMatchObject([
      { statement: "I can't hire before March.", kind: 'constraint' },
    ]);
  });
});

describe('remembering from consultations with an AI key', () => {
  let t: TestApp;
  let stub: OpenAiStub;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, stub, close } = await startAppWithOpenAiStub());
  });
  afterAll(() => close());

  const tokensOf = async (userId: string) =>
    (
      await t.db
        .select({ tokens: usageMonths.tokens })
        .from(usageMonths)
        .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, monthKey())))
    )[0]?.tokens ?? 0;

  it('asks one structured output, stores what it found and counts its tokens as a reply’s', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await consultation(user);
    await ask(user, chatId, `${FACT} What now?`);
    const before = await tokensOf(user.id);
    const sent = stub.requests.length;
    stub.enqueue({
      json: { memories: [{ statement: 'We lost two clients after a price rise', kind: 'fact' }] },
      usage: { prompt_tokens: 300, completion_tokens: 20 },
    });
    await t.deps.jobs.runQueued(REMEMBER_JOB);
    const request = stub.requests[sent]!;
    expect(request.body.response_format.type).toBe('json_schema');
    expect(request.body.messages.at(-1).content).toBe(`${FACT} What now?`);
    expect(await tokensOf(user.id)).toBe(before + 320);
    expect(await memoriesOf(t, user.id)).toMatchObject([
      { statement: 'We lost two clients after a price rise', kind: 'fact', origin: 'chat', chatId },
    ]);
  });

  it('stores nothing when the answer does not parse, its tokens still counted', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await consultation(user);
    await ask(user, chatId, FACT);
    const before = await tokensOf(user.id);
    stub.enqueue({ json: { notes: 'free text' }, usage: { prompt_tokens: 200, completion_tokens: 10 } });
    await t.deps.jobs.runQueued(REMEMBER_JOB);
    expect(await memoriesOf(t, user.id)).toEqual([]);
    expect(await tokensOf(user.id)).toBe(before + 210);
  });

  it('asks nothing and stores nothing at the plan’s limit', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await consultation(user);
    await ask(user, chatId, FACT);
    await t.db
      .update(usageMonths)
      .set({ tokens: 50_000_000 })
      .where(and(eq(usageMonths.userId, user.id), eq(usageMonths.month, monthKey())));
    const sent = stub.requests.length;
    await t.deps.jobs.runQueued(REMEMBER_JOB);
    expect(stub.requests.length).toBe(sent);
    expect(await memoriesOf(t, user.id)).toEqual([]);
  });
});
