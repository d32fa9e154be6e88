import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '../../../shared/dates';
import { chatMessages, profiles, sessions, usageMonths } from '../../db/schema';
import { createManualChat, type OpenAiStub, startAppWithOpenAiStub, waitFor } from '../../testing/consult';
import type { TestApp, TestUser } from '../../testing/test-app';
import { readUiStream } from '../../testing/ui-stream';

let t: TestApp;
let stub: OpenAiStub;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, stub, close } = await startAppWithOpenAiStub());
});
afterAll(() => close());

const TRANSCRIPT = '0:00\nWelcome.\n0:12\nReferrals reward both sides and cut acquisition costs.';

const messagesOf = async (chatId: string) =>
  (
    await t.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatId, chatId))
      .orderBy(chatMessages.createdAt)
  ).map((m) => [m.role, m.content]);

/** A chat with its first answer given, so that this session's next follow-up in it can start early. */
async function answeredChat(user: TestUser) {
  const id = await createManualChat(user, TRANSCRIPT);
  stub.enqueue({ chunks: ['First ', 'answer.'] });
  expect((await readUiStream(await user.client.post(`/api/chats/${id}/first-reply`))).text).toBe(
    'First answer.',
  );
  return id;
}

/**
 * Sends a follow-up while the session table is locked (on PGlite, while the one connection is held), so
 * that no check of the request can run; lets it go once the provider has been asked, or, when no early
 * request is expected, after a moment (an early request leaves at once). Returns the response and the
 * provider requests made for it.
 */
async function sendWhileChecksWait(user: TestUser, chatId: string, content: string, asksEarly = true) {
  const before = stub.requests.length;
  let pending!: Promise<Response>;
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${sessions} in access exclusive mode`);
    pending = user.client.post(`/api/chats/${chatId}/messages`, { content });
    if (asksEarly) await waitFor(async () => (stub.requests.length > before ? true : undefined));
    else await sleep(300);
  });
  const response = await pending;
  return { response, calls: () => stub.requests.slice(before) };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const usageOf = async (userId: string) =>
  (await t.db.select().from(usageMonths).where(eq(usageMonths.userId, userId))).map((row) => [
    row.month,
    row.tokens,
    row.messages,
  ]);

const lastContent = (call: { body: { messages: { content: string }[] } }) =>
  call.body.messages.at(-1)!.content;

describe('a follow-up asked before its checks (decision 031)', () => {
  it('asks the model before the session is read, and streams that answer once the checks agree', async () => {
    const user = await t.createOnboardedUser();
    const id = await answeredChat(user);
    stub.enqueue({ chunks: ['Early ', 'and ', 'checked.'] });
    const { response, calls } = await sendWhileChecksWait(user, id, 'What first?');
    expect(response.status).toBe(200);
    const stream = await readUiStream(response);
    expect(stream.text).toBe('Early and checked.');
    expect(stream.metadata?.status).toBe('complete');
    // One request to the provider, exactly as a fresh reply would have sent it.
    expect(calls()).toHaveLength(1);
    const [system, ...conversation] = calls()[0]!.body.messages;
    expect(system.content).toContain('Referrals reward both sides');
    expect(conversation).toEqual([
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'What first?' },
    ]);
    expect(await messagesOf(id)).toEqual([
      ['assistant', 'First answer.'],
      ['user', 'What first?'],
      ['assistant', 'Early and checked.'],
    ]);

    // The next follow-up starts early too, with this exchange in its history.
    const next = await sendWhileChecksWait(user, id, 'And then?');
    expect((await readUiStream(next.response)).text).toBe('Here is advice from the stub citing [00:05].');
    expect(next.calls()).toHaveLength(1);
    expect(next.calls()[0]!.body.messages.slice(-3)).toEqual([
      { role: 'user', content: 'What first?' },
      { role: 'assistant', content: 'Early and checked.' },
      { role: 'user', content: 'And then?' },
    ]);
  });

  it('drops the early request when the chat has moved on elsewhere, and asks again with the fresh history', async () => {
    const user = await t.createOnboardedUser();
    const id = await answeredChat(user);
    // Another tab (or process) added an exchange this process did not see.
    const now = Date.now();
    await t.db.insert(chatMessages).values([
      { chatId: id, userId: user.id, role: 'user', content: 'From the other tab', createdAt: new Date(now) },
      {
        chatId: id,
        userId: user.id,
        role: 'assistant',
        content: 'Other answer',
        createdAt: new Date(now + 1),
      },
    ]);
    stub.enqueue({ chunks: ['Stale.'], firstTokenDelayMs: 5_000 }, { chunks: ['Fresh.'] });
    const { response, calls } = await sendWhileChecksWait(user, id, 'And this?');
    expect((await readUiStream(response)).text).toBe('Fresh.');
    const [early, fresh] = calls();
    expect(calls()).toHaveLength(2);
    expect(early!.body.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'And this?' },
    ]);
    await waitFor(async () => (early!.abandoned ? true : undefined));
    expect(fresh!.body.messages.slice(1)).toEqual([
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'From the other tab' },
      { role: 'assistant', content: 'Other answer' },
      { role: 'user', content: 'And this?' },
    ]);
    expect(fresh!.abandoned).toBeUndefined();
    expect((await messagesOf(id)).slice(-2)).toEqual([
      ['user', 'And this?'],
      ['assistant', 'Fresh.'],
    ]);
  });

  const refusals: [string, number, (user: TestUser, chatId: string) => Promise<unknown>][] = [
    ['its session has ended', 401, (user) => t.db.delete(sessions).where(eq(sessions.userId, user.id))],
    ['its profile is gone', 403, (user) => t.db.delete(profiles).where(eq(profiles.userId, user.id))],
    ['its chat was deleted', 404, (user, chatId) => user.client.delete(`/api/chats/${chatId}`)],
    [
      'its user is over the monthly limit',
      402,
      (user) =>
        t.db
          .update(usageMonths)
          .set({ tokens: 1_000_000 })
          .where(and(eq(usageMonths.userId, user.id), eq(usageMonths.month, monthKey()))),
    ],
  ];

  it.each(refusals)(
    'stops the early request when %s, stores nothing and asks no more',
    async (_, status, refuse) => {
      const user = await t.createOnboardedUser();
      const id = await answeredChat(user);
      await refuse(user, id);
      const usage = await usageOf(user.id);
      stub.enqueue({ chunks: ['Too early.'], firstTokenDelayMs: 5_000 });
      const { response, calls } = await sendWhileChecksWait(user, id, 'Still there?');
      expect(response.status).toBe(status);
      expect(calls().map(lastContent)).toEqual(['Still there?']);
      await waitFor(async () => (calls()[0]!.abandoned ? true : undefined));
      expect(await messagesOf(id)).toEqual([['assistant', 'First answer.']]);
      expect(await usageOf(user.id)).toEqual(usage);
      // The refusal took the remembered prompt with it: the next send is checked before anything is asked.
      const again = await sendWhileChecksWait(user, id, 'Hello?', false);
      expect(again.response.status).toBe(status);
      expect(again.calls()).toEqual([]);
    },
  );

  it('starts one early request for sends that race on a chat; one reply answers, the others wait their turn', async () => {
    const user = await t.createOnboardedUser();
    const id = await answeredChat(user);
    // Slow enough that the reply holds the user's lease while the other two sends are checked.
    stub.enqueue(...[1, 2].map(() => ({ chunks: ['Only ', 'once.'], firstTokenDelayMs: 1_000 })));
    const before = stub.requests.length;
    let sends!: Promise<Response>[];
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table ${sessions} in access exclusive mode`);
      sends = ['One?', 'Two?', 'Three?'].map((content) =>
        user.client.post(`/api/chats/${id}/messages`, { content }),
      );
      await waitFor(async () => (stub.requests.length > before ? true : undefined));
      await sleep(300);
      expect(stub.requests.length - before).toBe(1);
    });
    const responses = await Promise.all(sends);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const answered = responses.find((r) => r.status === 200)!;
    expect((await readUiStream(answered)).text).toBe('Only once.');
    stub.clearQueue();
    const rows = await messagesOf(id);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toEqual(['assistant', 'Only once.']);
  });
});
