import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '../shared/dates';
import { chatMessages, chats, usageMonths } from './db/schema';
import {
  createManualChat,
  type OpenAiStub,
  startAppWithOpenAiStub,
  stopReply,
  waitFor,
} from './testing/consult';
import type { TestApp, TestUser } from './testing/test-app';
import { readUiStream } from './testing/ui-stream';

/**
 * Replies that go wrong in every way the AI provider or the client can make them go wrong. After each:
 * the user's message is stored, whatever arrived is stored with its status and tokens, and the books
 * balance (the month's usage equals the sum of the saved messages' tokens; each chat's total equals
 * its messages').
 */

let t: TestApp;
let stub: OpenAiStub;
let close: () => Promise<void>;
let user: TestUser;
let chatId: string;
beforeAll(async () => {
  ({ t, stub, close } = await startAppWithOpenAiStub());
  user = await t.createOnboardedUser({ role: 'admin' });
  chatId = await createManualChat(user, '0:00\nWelcome.\n0:12\nReferrals cut acquisition costs.');
  await t.db.update(chats).set({ firstReplyClaimedAt: new Date() }).where(eq(chats.id, chatId));
});
afterAll(() => close());

async function expectBooksBalance() {
  const [usage] = await t.db
    .select()
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, user.id), eq(usageMonths.month, monthKey())));
  const [sums] = await t.db
    .select({
      tokens: sql<number>`coalesce(sum(${chatMessages.totalTokens}), 0)::int`,
      questions: sql<number>`count(*) filter (where ${chatMessages.role} = 'user')::int`,
    })
    .from(chatMessages)
    .where(eq(chatMessages.userId, user.id));
  expect(usage?.tokens ?? 0).toBe(sums!.tokens);
  expect(usage?.messages ?? 0).toBe(sums!.questions);
  const [chat] = await t.db.select().from(chats).where(eq(chats.id, chatId));
  const [chatSum] = await t.db
    .select({ tokens: sql<number>`coalesce(sum(${chatMessages.totalTokens}), 0)::int` })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId));
  expect(chat!.totalTokens).toBe(chatSum!.tokens);
}

const lastMessages = async (count: number) =>
  (
    await t.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatId, chatId))
      .orderBy(chatMessages.createdAt, chatMessages.seq)
  ).slice(-count);

async function send(content: string) {
  return readUiStream(await user.client.post(`/api/chats/${chatId}/messages`, { content }));
}

describe('faults while replying', () => {
  it('the provider failing before the first token: the question is kept, the apology stored', async () => {
    stub.enqueue(...Array.from({ length: 3 }, () => ({ status: 500, retryAfter: '0' })));
    await send('Before the first token?');
    const [question, apology] = await lastMessages(2);
    expect(question).toMatchObject({ role: 'user', content: 'Before the first token?' });
    expect(apology).toMatchObject({ role: 'assistant', status: 'error', totalTokens: 0 });
    await expectBooksBalance();
  });

  it('the provider failing mid-stream: what arrived is kept with its tokens', async () => {
    stub.enqueue({ chunks: ['Half ', 'an ', 'answer ', 'lost'], failAfter: 2, delayMs: 10 });
    await send('Mid-stream?');
    const [question, partial] = await lastMessages(3);
    expect(question).toMatchObject({ role: 'user', content: 'Mid-stream?' });
    expect(partial).toMatchObject({ content: 'Half an ', status: 'partial' });
    expect(partial!.totalTokens).toBeGreaterThan(0);
    await expectBooksBalance();
  });

  it('a storm of 429s: retries are bounded, then the apology', async () => {
    const before = stub.requests.length;
    stub.enqueue(...Array.from({ length: 20 }, () => ({ status: 429, retryAfter: '0' })));
    await send('Rate limited?');
    const attempts = stub.requests.length - before;
    expect(attempts).toBeGreaterThan(1);
    expect(attempts).toBeLessThan(20);
    stub.clearQueue();
    const [question, apology] = await lastMessages(2);
    expect(question).toMatchObject({ role: 'user', content: 'Rate limited?' });
    expect(apology).toMatchObject({ role: 'assistant', status: 'error' });
    await expectBooksBalance();
  });

  it('Stop mid-stream: the partial reply is saved with its tokens', async () => {
    const never = new Promise(() => {});
    stub.enqueue({
      chunks: Array.from({ length: 40 }, (_, i) => `word${i} `),
      hold: { after: 2, until: never },
    });
    const response = await user.client.request(`/api/chats/${chatId}/messages`, {
      method: 'POST',
      json: { content: 'Disconnect?' },
    });
    const reader = response.body!.getReader();
    await reader.read();
    await reader.read();
    await stopReply(user, chatId);
    const partial = await waitFor(async () => {
      const [last] = await lastMessages(1);
      return last?.role === 'assistant' ? last : undefined;
    });
    expect(partial).toMatchObject({ status: 'partial' });
    expect(partial.content.length).toBeGreaterThan(0);
    expect(partial.totalTokens).toBeGreaterThan(0);
    const [question] = await lastMessages(2);
    expect(question).toMatchObject({ role: 'user', content: 'Disconnect?' });
    await expectBooksBalance();
  });
});
