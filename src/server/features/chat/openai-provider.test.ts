import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '../../../shared/dates';
import { FIRST_REPLY_FAILED_MESSAGE, REPLY_FAILED_MESSAGE } from '../../../shared/schemas/consult';
import { chatMessages, generationLeases, profiles, sessions, usageMonths } from '../../db/schema';
import {
  createManualChat,
  type OpenAiStub,
  startAppWithOpenAiStub,
  stopReply,
  waitFor,
} from '../../testing/consult';
import { appendMessage } from '../../testing/library-fixtures';
import type { TestApp, TestUser } from '../../testing/test-app';
import { readUiStream, readUntil } from '../../testing/ui-stream';

let t: TestApp;
let stub: OpenAiStub;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, stub, close } = await startAppWithOpenAiStub());
});
afterAll(() => close());

const TRANSCRIPT =
  '0:00\nWelcome.\n0:12\nReferrals reward both sides and cut acquisition costs.\n0:45\nRaise prices with a premium tier.';

const newChat = (user: TestUser, transcript = TRANSCRIPT) => createManualChat(user, transcript);

/** 9,000 timed lines: over the transcript budget, so a first answer takes notes part by part. */
const LONG_TRANSCRIPT = Array.from(
  { length: 9000 },
  (_, i) => `${Math.floor(i / 60)}:${String(i % 60).padStart(2, '0')}\nIdea ${i} on pricing.`,
).join('\n');

/** A gate no test opens: the stub holds its reply until the app hangs up. */
const never = new Promise(() => {});

const messagesOf = (chatId: string) =>
  t.db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(chatMessages.createdAt, chatMessages.seq);

describe('an OpenAI-compatible provider', () => {
  it('streams its reply, sends instructions, profile and timed transcript, and stores its usage', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    const before = stub.requests.length;
    stub.enqueue({
      chunks: ['Use ', 'referrals ', '[00:12].'],
      usage: { prompt_tokens: 1234, completion_tokens: 56 },
    });
    const stream = await readUiStream(
      await user.client.post(`/api/chats/${id}/messages`, { content: 'How do I grow?' }),
    );
    expect(stream.text).toBe('Use referrals [00:12].');
    expect(stream.metadata).toEqual({ totalTokens: 1290, status: 'complete' });

    const request = stub.requests[before]!;
    expect(request.authorization).toBe('Bearer test-openai-key');
    expect(request.body.model).toBe('gpt-4o-mini');
    expect(request.body.stream).toBe(true);
    const [system, question] = request.body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain('You are Vidvisor');
    expect(system.content).toContain('Brightside Bakery');
    expect(system.content).toContain('[00:00] Welcome. Referrals reward both sides');
    expect(system.content).toContain('[00:45] Raise prices');
    expect(question).toEqual({ role: 'user', content: 'How do I grow?' });

    const [, answer] = await messagesOf(id);
    expect(answer).toMatchObject({
      status: 'complete',
      promptTokens: 1234,
      completionTokens: 56,
      totalTokens: 1290,
    });
    const [usage] = await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id));
    expect(usage).toMatchObject({ month: monthKey(), tokens: 1290, messages: 1 });
    expect((await user.client.json(`/api/chats/${id}`)).offlineModel).toBe(false);
  });

  it('answers with the instructions saved a moment before', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    const boss = await t.createUser({ role: 'super_admin' });
    const ask = async (instructions: string) => {
      const saved = await boss.client.put('/api/admin/assistant', { instructions, model: 'gpt-4o-mini' });
      expect(saved.status).toBe(200);
      const before = stub.requests.length;
      stub.enqueue({ chunks: ['Noted.'], usage: { prompt_tokens: 10, completion_tokens: 2 } });
      const stream = await readUiStream(
        await user.client.post(`/api/chats/${id}/messages`, { content: 'And now?' }),
      );
      const systems = stub.requests.slice(before).map((call) => call.body.messages[0].content as string);
      return { text: stream.text, systems };
    };
    const pirate = await ask('Answer as a pirate.');
    expect(pirate).toEqual({ text: 'Noted.', systems: [expect.stringMatching(/^Answer as a pirate\./)] });
    const poet = await ask('Answer as a poet.');
    expect(poet).toEqual({ text: 'Noted.', systems: [expect.stringMatching(/^Answer as a poet\./)] });
  });

  it('keeps questions and answers in the order they were stored, even when they share a timestamp', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    for (const question of ['First?', 'Second?']) {
      stub.enqueue({ chunks: [`About ${question}`] });
      await readUiStream(await user.client.post(`/api/chats/${id}/messages`, { content: question }));
    }
    // As if each question and its whole answer had been stored within one tick of the clock.
    await t.db
      .update(chatMessages)
      .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 12)) })
      .where(eq(chatMessages.chatId, id));
    const order = ['First?', 'About First?', 'Second?', 'About Second?'];
    const view = await user.client.json(`/api/chats/${id}`);
    expect(view.messages.map((m: { content: string }) => m.content)).toEqual(order);

    stub.enqueue({ chunks: ['Third.'] });
    const before = stub.requests.length;
    await readUiStream(await user.client.post(`/api/chats/${id}/messages`, { content: 'Third?' }));
    expect(stub.requests.length - before).toBe(1);
    const conversation = stub.requests
      .at(-1)!
      .body.messages.slice(1)
      .map((m: { content: string }) => m.content);
    expect(conversation).toEqual([...order, 'Third?']);
  });

  it('sends the newest 20 messages of the conversation, leaving out apologies and blanks', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    const start = Date.now() - 60_000;
    const earlier = Array.from({ length: 30 }, (_, i) => ({
      role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
      content: i === 27 ? ' \n ' : `message ${i}`,
      status: i === 25 ? ('error' as const) : ('complete' as const),
      createdAt: new Date(start + i * 1000),
    }));
    for (const message of earlier) await appendMessage(t, { id, userId: user.id }, message);
    const before = stub.requests.length;
    stub.enqueue({ chunks: ['Noted.'] });
    await readUiStream(await user.client.post(`/api/chats/${id}/messages`, { content: 'And now?' }));

    const [system, ...conversation] = stub.requests[before]!.body.messages;
    expect(system.role).toBe('system');
    const kept = earlier.filter((_, i) => i !== 25 && i !== 27).slice(-20);
    expect(conversation).toEqual([
      ...kept.map(({ role, content }) => ({ role, content })),
      { role: 'user', content: 'And now?' },
    ]);
    expect(kept[0]!.content).toBe('message 8');
  });

  it('keeps nothing of a reply whose question could not be stored, and frees the user to send again', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    await t.db.execute(sql`
      create function refuse_question() returns trigger language plpgsql as $$
      begin
        if new.content = 'Unstorable' then raise exception 'disk full' using errcode = '53100'; end if;
        return new;
      end $$`);
    await t.db.execute(
      sql`create trigger refuse_question before insert on ${chatMessages} for each row execute function refuse_question()`,
    );
    try {
      const refused = await user.client.post(`/api/chats/${id}/messages`, { content: 'Unstorable' });
      expect(refused.status).toBe(500);
      expect((await refused.json()).error.code).toBe('internal_error');
      expect(await messagesOf(id)).toEqual([]);
    } finally {
      await t.db.execute(sql`drop trigger refuse_question on ${chatMessages}`);
      await t.db.execute(sql`drop function refuse_question()`);
    }
    stub.enqueue({ chunks: ['Stored ', 'this time.'] });
    const stream = await readUiStream(
      await user.client.post(`/api/chats/${id}/messages`, { content: 'Try again' }),
    );
    expect(stream.text).toBe('Stored this time.');
    expect((await messagesOf(id)).map((m) => m.content)).toEqual(['Try again', 'Stored this time.']);
  });

  it('keeps what arrived and appends the apology when the provider fails mid-stream', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    stub.enqueue({ chunks: ['First ', 'part ', 'then ', 'gone'], failAfter: 2, delayMs: 20 });
    const stream = await readUiStream(
      await user.client.post(`/api/chats/${id}/messages`, { content: 'Go on' }),
    );
    expect(stream.text).toBe(`First part \n\n${REPLY_FAILED_MESSAGE}`);
    const [question, partial, apology] = await messagesOf(id);
    expect(question).toMatchObject({ role: 'user', content: 'Go on' });
    expect(partial).toMatchObject({ role: 'assistant', content: 'First part ', status: 'partial' });
    expect(partial!.completionTokens).toBeGreaterThan(0);
    expect(partial!.promptTokens).toBeGreaterThan(0);
    expect(apology).toMatchObject({
      role: 'assistant',
      content: REPLY_FAILED_MESSAGE,
      status: 'error',
      totalTokens: 0,
    });
  });

  it('stores the first-answer apology when the provider keeps failing', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    stub.enqueue(...Array.from({ length: 3 }, () => ({ status: 500, retryAfter: '0' })));
    const stream = await readUiStream(await user.client.post(`/api/chats/${id}/first-reply`));
    expect(stream.text).toBe(FIRST_REPLY_FAILED_MESSAGE);
    const rows = await messagesOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ content: FIRST_REPLY_FAILED_MESSAGE, status: 'error' });
    // Exactly once: the failed first answer is not generated again.
    expect((await user.client.post(`/api/chats/${id}/first-reply`)).status).toBe(409);
  });

  it('retries after a 429, following retry-after', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    const before = stub.requests.length;
    stub.enqueue({ status: 429, retryAfter: '0' }, { chunks: ['Worth ', 'the ', 'wait.'] });
    const stream = await readUiStream(await user.client.post(`/api/chats/${id}/messages`, { content: 'Hi' }));
    expect(stream.text).toBe('Worth the wait.');
    expect(stub.requests.length - before).toBe(2);
  });

  it('reads a long transcript part by part for the first answer, showing progress', async () => {
    const user = await t.createOnboardedUser();
    const line = (i: number) =>
      `${Math.floor(i / 60)}:${String(i % 60).padStart(2, '0')}\nIdea number ${i} about pricing, retention and referrals for small shops.`;
    const transcript = Array.from({ length: 3600 }, (_, i) => line(i)).join('\n');
    const id = await newChat(user, transcript);
    const before = stub.requests.length;
    stub.enqueue(
      { chunks: ['- [00:10] notes one'] },
      { status: 429, retryAfter: '0' },
      { chunks: ['- [40:00] notes two'] },
      { chunks: ['Final ', 'answer.'] },
    );
    const stream = await readUiStream(await user.client.post(`/api/chats/${id}/first-reply`));
    const progress = stream.chunks.filter((c) => c.type === 'data-progress').map((c) => c.data);
    expect(progress).toEqual([
      { part: 1, of: 2 },
      { part: 2, of: 2 },
    ]);
    expect(stream.text).toBe('Final answer.');
    const calls = stub.requests.slice(before);
    expect(calls.map((c) => Boolean(c.body.stream))).toEqual([false, false, false, true]);
    const system = calls[3]!.body.messages[0].content as string;
    expect(system).toContain('### Part 1\n- [00:10] notes one');
    expect(system).toContain('### Part 2\n- [40:00] notes two');
    expect(system).not.toContain('Idea number 3000');
  });

  it('leaves the replies-preparing bound while the model takes notes on a long transcript', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user, LONG_TRANSCRIPT);
    await waitFor(async () => (t.deps.admission.repliesInFlight === 0 ? true : undefined));
    const before = stub.requests.length;
    let takeNotes!: () => void;
    const notesHeld = new Promise<void>((resolve) => {
      takeNotes = resolve;
    });
    stub.enqueue(
      { chunks: ['- [00:10] notes one'], hold: { after: 0, until: notesHeld } },
      { chunks: ['- [05:00] notes two'] },
      { chunks: ['Final ', 'answer.'] },
    );
    const response = user.client.post(`/api/chats/${id}/first-reply`);
    await waitFor(async () => (stub.requests.length > before ? true : undefined));
    // Its prompt waits on the model's notes, not on this process's CPU (decision 053).
    expect({
      inFlight: t.deps.admission.repliesInFlight,
      preparing: t.deps.admission.repliesPreparing,
    }).toEqual({ inFlight: 1, preparing: 0 });
    takeNotes();
    expect((await readUiStream(await response)).text).toBe('Final answer.');
  });

  it('counts the tokens of a reply whose provider reports no usage', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    stub.enqueue({ chunks: ['Use ', 'referrals ', '[00:12].'], withoutUsage: true });
    const stream = await readUiStream(
      await user.client.post(`/api/chats/${id}/messages`, { content: 'How?' }),
    );
    expect(stream.text).toBe('Use referrals [00:12].');
    const [, answer] = await messagesOf(id);
    expect(answer).toMatchObject({ status: 'complete' });
    expect(answer!.promptTokens).toBeGreaterThan(50);
    expect(answer!.completionTokens).toBeGreaterThan(0);
    expect(stream.metadata).toEqual({ totalTokens: answer!.totalTokens, status: 'complete' });
    const [usage] = await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id));
    expect(usage!.tokens).toBe(answer!.totalTokens);
  });

  it('charges the notes already taken when a long first answer fails part way', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user, LONG_TRANSCRIPT);
    stub.enqueue(
      { chunks: ['- [00:10] notes one'], usage: { prompt_tokens: 5000, completion_tokens: 100 } },
      { status: 400 },
    );
    const stream = await readUiStream(await user.client.post(`/api/chats/${id}/first-reply`));
    expect(stream.text).toBe(FIRST_REPLY_FAILED_MESSAGE);
    const rows = await messagesOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'error',
      promptTokens: 5000,
      completionTokens: 100,
      totalTokens: 5100,
    });
    const [usage] = await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id));
    expect(usage!.tokens).toBe(5100);
    expect((await user.client.json(`/api/chats/${id}`)).chat.totalTokens).toBe(5100);
  });

  it('keeps a first answer stopped while its notes are taken as stopped, charging the notes', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user, LONG_TRANSCRIPT);
    const before = stub.requests.length;
    stub.enqueue(
      { chunks: ['- [00:10] notes one'], usage: { prompt_tokens: 5000, completion_tokens: 100 } },
      // Part 2 is held until the reply is stopped.
      { chunks: ['- [05:00] notes two'], hold: { after: 0, until: never } },
    );
    await user.client.request(`/api/chats/${id}/first-reply`, { method: 'POST' });
    await waitFor(async () => (stub.requests.length > before + 1 ? true : undefined));
    await stopReply(user, id);
    const [row] = await waitFor(async () => {
      const rows = await messagesOf(id);
      return rows.length ? rows : undefined;
    });
    expect(row).toMatchObject({ role: 'assistant', content: '', status: 'partial', totalTokens: 5100 });
    expect((await messagesOf(id)).length).toBe(1);
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
          .insert(usageMonths)
          .values({ userId: user.id, month: monthKey(), tokens: 1_000_000 })
          .onConflictDoUpdate({
            target: [usageMonths.userId, usageMonths.month],
            set: { tokens: 1_000_000 },
          }),
    ],
    [
      'another reply holds its lease',
      409,
      (user) =>
        t.db
          .insert(generationLeases)
          .values({ userId: user.id, leaseId: 'other', expiresAt: new Date(Date.now() + 60_000) }),
    ],
  ];

  it.each(refusals)(
    'answers a send when %s with %i, storing nothing and asking nothing',
    async (_, status, refuse) => {
      const user = await t.createOnboardedUser();
      const id = await newChat(user);
      await refuse(user, id);
      const usage = await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id));
      const before = stub.requests.length;
      for (const path of ['messages', 'first-reply']) {
        const response = await user.client.post(`/api/chats/${id}/${path}`, { content: 'Still there?' });
        expect(response.status).toBe(status);
      }
      expect(stub.requests.length).toBe(before);
      expect(await messagesOf(id)).toEqual([]);
      expect(await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id))).toEqual(usage);
    },
  );

  it('charges nothing for a follow-up stopped before its first token', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    const before = stub.requests.length;
    stub.enqueue({ chunks: ['Too ', 'late.'], hold: { after: 0, until: never } });
    await user.client.request(`/api/chats/${id}/messages`, {
      method: 'POST',
      json: { content: 'Never mind' },
    });
    await waitFor(async () => (stub.requests.length > before ? true : undefined));
    await stopReply(user, id);
    const leases = () => t.db.select().from(generationLeases).where(eq(generationLeases.userId, user.id));
    await waitFor(async () => ((await leases()).length === 0 ? true : undefined));
    expect((await messagesOf(id)).map((m) => [m.role, m.content])).toEqual([['user', 'Never mind']]);
    const [usage] = await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id));
    expect(usage).toMatchObject({ tokens: 0, messages: 1 });
    expect((await user.client.json(`/api/chats/${id}`)).chat.totalTokens).toBe(0);
  });

  it('saves the partial reply and the apology when the server shuts down mid-stream', async () => {
    const user = await t.createOnboardedUser();
    const id = await newChat(user);
    stub.enqueue({
      chunks: Array.from({ length: 200 }, (_, i) => `w${i} `),
      hold: { after: 4, until: never },
    });
    const response = await user.client.post(`/api/chats/${id}/messages`, { content: 'Long one please' });
    await readUntil(response, (text) => text.includes('w3 '));
    t.beginShutdown();
    const rows = await waitFor(async () => {
      const found = await messagesOf(id);
      return found.length === 3 ? found : undefined;
    });
    expect(rows[1]).toMatchObject({ role: 'assistant', status: 'partial' });
    expect(rows[1]!.content).toMatch(/^w0 w1 w2 w3 /);
    expect(rows[1]!.content).not.toContain('w199');
    expect(rows[2]).toMatchObject({ content: REPLY_FAILED_MESSAGE, status: 'error' });
  });
});
