import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '../../../shared/dates';
import { chats, followUpSuggestions, usageMonths } from '../../db/schema';
import {
  createManualChat,
  type OpenAiStub,
  settleReplies,
  startAppWithOpenAiStub,
  waitFor,
} from '../../testing/consult';
import { insertMemory } from '../../testing/memory';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { readUiStream } from '../../testing/ui-stream';

/** A talk of five timed passages, one per topic: the offline answer uses some, the others are left. */
const TRANSCRIPT = [
  '[00:05] Raise the price of your sourdough boxes every spring and tell customers why.',
  '[01:10] A loyalty card with a free loaf after ten visits brings regulars back each week.',
  '[02:20] Sell gift boxes to local companies in December for their staff and clients.',
  '[03:30] Post a short video of the morning bake on social media to build a following.',
  '[04:40] Train a second baker so the shop can open on Sundays without burning out.',
].join('\n');

async function answered(t: TestApp, user?: TestUser) {
  const owner = user ?? (await t.createOnboardedUser());
  const chatId = await createManualChat(owner, TRANSCRIPT);
  await readUiStream(await owner.client.post(`/api/chats/${chatId}/first-reply`));
  await settleReplies(t.db);
  const view = await owner.client.json(`/api/chats/${chatId}`);
  const answer = view.messages.find((m: { role: string }) => m.role === 'assistant');
  return { owner, chatId, answer: answer as { id: string; content: string } };
}

const followUpsPath = (chatId: string, messageId: string) =>
  `/api/chats/${chatId}/messages/${messageId}/follow-ups`;

describe('suggested follow-ups (offline model)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('suggests up to 3 questions about passages the answer did not use, kept for the answer, at no cost', async () => {
    const { owner, chatId, answer } = await answered(t);
    const before = await owner.client.json(`/api/chats/${chatId}`);
    const { questions } = await owner.client.json(followUpsPath(chatId, answer.id), { method: 'POST' });
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.length).toBeLessThanOrEqual(3);
    const passages = TRANSCRIPT.split('\n').map((line) => line.slice(8));
    for (const question of questions) {
      expect(question.length).toBeLessThanOrEqual(120);
      // Grounded: the opening words of one of the video's passages, one the answer did not quote.
      const passage = passages.find((p) => question.includes(p.split(' ').slice(0, 4).join(' ')));
      expect(passage, question).toBeDefined();
      expect(answer.content).not.toContain(passage!.slice(0, 40));
    }
    // Kept: asked again, the same questions; no tokens spent.
    expect(await owner.client.json(followUpsPath(chatId, answer.id), { method: 'POST' })).toEqual({
      questions,
    });
    expect((await owner.client.json(`/api/chats/${chatId}`)).chat.totalTokens).toBe(before.chat.totalTokens);

    // Clicking one sends it as the next question.
    const reply = await owner.client.post(`/api/chats/${chatId}/messages`, { content: questions[0] });
    expect(reply.status).toBe(200);
    await readUiStream(reply);
    const after = await owner.client.json(`/api/chats/${chatId}`);
    expect(after.messages.at(-2)).toMatchObject({ role: 'user', content: questions[0] });
  });

  it('asks about a passage the user’s memories bear on, and not while memory is paused or for another user', async () => {
    const LONG = [
      TRANSCRIPT,
      '[05:50] Repaint the shop front in warm colours so passers-by notice the window display.',
      '[06:55] Hire a part-time cashier for the busy Saturday morning rush hours.',
      '[08:00] Buy flour in bulk from a regional mill to cut ingredient costs by a fifth.',
      '[09:10] Offer a Sunday brunch box with coffee for families who sleep in late.',
    ].join('\n');
    const asked = async (user: TestUser) => {
      const chatId = await createManualChat(user, LONG);
      await readUiStream(await user.client.post(`/api/chats/${chatId}/first-reply`));
      await settleReplies(t.db);
      const view = await user.client.json(`/api/chats/${chatId}`);
      const answer = view.messages.find((m: { role: string }) => m.role === 'assistant');
      return (await user.client.json(followUpsPath(chatId, answer.id), { method: 'POST' })).questions;
    };
    const user = await t.createOnboardedUser();
    const paused = await t.createOnboardedUser();
    await insertMemory(t.db, user.id, 'Our shop is short of staff on busy Saturday mornings');
    await insertMemory(t.db, paused.id, 'Our shop is short of staff on busy Saturday mornings');
    await paused.client.json('/api/memory/pause', { method: 'PUT', json: { paused: true } });
    const cashier = 'What does the video say about “Hire a part-time cashier for the busy Saturday”?';
    expect(await asked(user)).toContain(cashier);
    expect(await asked(paused)).not.toContain(cashier);
    // Another user's memory leaves the questions of a user without memories as they were.
    expect(await asked(await t.createOnboardedUser())).not.toContain(cashier);
  });

  it("refuses another user's answer, a question, or an unknown message: 404", async () => {
    const { owner, chatId, answer } = await answered(t);
    const stranger = await t.createOnboardedUser();
    expect((await stranger.client.post(followUpsPath(chatId, answer.id))).status).toBe(404);
    expect((await t.client().post(followUpsPath(chatId, answer.id))).status).toBe(401);
    await readUiStream(await owner.client.post(`/api/chats/${chatId}/messages`, { content: 'And pricing?' }));
    const question = (await owner.client.json(`/api/chats/${chatId}`)).messages.find(
      (m: { role: string }) => m.role === 'user',
    );
    expect((await owner.client.post(followUpsPath(chatId, question.id))).status).toBe(404);
    expect((await owner.client.post(followUpsPath(chatId, crypto.randomUUID()))).status).toBe(404);
    expect((await owner.client.post(followUpsPath(chatId, 'not-a-uuid'))).status).toBe(400);
    expect(
      await t.db.select().from(followUpSuggestions).where(eq(followUpSuggestions.userId, owner.id)),
    ).toEqual([]);
  });
});

describe('suggested follow-ups (AI key, through the OpenAI stub)', () => {
  let t: TestApp;
  let stub: OpenAiStub;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, stub, close } = await startAppWithOpenAiStub());
  });
  afterAll(() => close());

  const tokensOf = async (userId: string, chatId: string) => {
    const [usage] = await t.db.select().from(usageMonths).where(eq(usageMonths.userId, userId));
    const [chat] = await t.db.select({ total: chats.totalTokens }).from(chats).where(eq(chats.id, chatId));
    expect(usage?.month).toBe(monthKey());
    return { month: usage!.tokens, chat: chat!.total };
  };

  it('asks the model in a second call whose tokens count toward usage and the chat', async () => {
    const { owner, chatId, answer } = await answered(t);
    const before = await tokensOf(owner.id, chatId);
    const sent = stub.requests.length;
    stub.enqueue({
      chunks: [
        '1. How do I price gift boxes for companies?\n',
        '- Should I open on Sundays?\n',
        'Not a question',
      ],
      usage: { prompt_tokens: 120, completion_tokens: 30 },
    });
    const { questions } = await owner.client.json(followUpsPath(chatId, answer.id), { method: 'POST' });
    expect(questions).toEqual(['How do I price gift boxes for companies?', 'Should I open on Sundays?']);
    expect(await tokensOf(owner.id, chatId)).toEqual({ month: before.month + 150, chat: before.chat + 150 });

    const request = stub.requests[sent]!;
    expect(request.body.stream).toBeFalsy();
    const prompt = JSON.stringify(request.body.messages);
    expect(prompt).toContain('gift boxes to local companies');
    expect(prompt).toContain(answer.content.slice(0, 40).replace(/"/g, '\\"'));

    // Kept: no second call, no second charge.
    expect(await owner.client.json(followUpsPath(chatId, answer.id), { method: 'POST' })).toEqual({
      questions,
    });
    expect(stub.requests.length).toBe(sent + 1);
    expect(await tokensOf(owner.id, chatId)).toEqual({ month: before.month + 150, chat: before.chat + 150 });
  });

  it('carries the user’s memories, never a deleted, paused or other user’s one, nor any where "Use memory" is off', async () => {
    const owner = await t.createOnboardedUser();
    const stranger = await t.createOnboardedUser();
    await insertMemory(t.db, stranger.id, 'Stranger sells gift boxes to banks');
    const kept = await insertMemory(t.db, owner.id, 'We sold gift boxes to two local companies', 'outcome');
    const deleted = await insertMemory(t.db, owner.id, 'We close the shop in August');
    await owner.client.json(`/api/memory/${deleted.id}`, { method: 'DELETE' });
    const promptOf = async () => {
      const { chatId, answer } = await answered(t, owner);
      return { chatId, answer, prompt: await followUpsPrompt(chatId, answer.id) };
    };
    const followUpsPrompt = async (chatId: string, messageId: string) => {
      const sent = stub.requests.length;
      stub.enqueue({ chunks: ['How do I price gift boxes?'] });
      await owner.client.json(followUpsPath(chatId, messageId), { method: 'POST' });
      return stub.requests[sent]!.body.messages.at(-1).content as string;
    };

    const { prompt } = await promptOf();
    expect(prompt).toContain(`- [M${kept.number}] (outcome) We sold gift boxes to two local companies`);
    expect(prompt).not.toContain('August');
    expect(prompt).not.toContain('Stranger');

    await owner.client.json('/api/memory/pause', { method: 'PUT', json: { paused: true } });
    expect((await promptOf()).prompt).not.toContain('(memories)');
    await owner.client.json('/api/memory/pause', { method: 'PUT', json: { paused: false } });

    const { chatId, answer } = await answered(t, owner);
    await owner.client.json(`/api/chats/${chatId}/use-memory`, { method: 'PUT', json: { useMemory: false } });
    expect(await followUpsPrompt(chatId, answer.id)).not.toContain('(memories)');
  });

  it('calls the model once for parallel requests: the other is asked again later (409), the tokens are counted once', async () => {
    const { owner, chatId, answer } = await answered(t);
    const before = await tokensOf(owner.id, chatId);
    const sent = stub.requests.length;
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    stub.enqueue({
      chunks: ['1. How do I sell gift boxes to companies?'],
      usage: { prompt_tokens: 90, completion_tokens: 10 },
      hold: { after: 0, until: gate },
    });
    const first = owner.client.post(followUpsPath(chatId, answer.id));
    await waitFor(async () => (stub.requests.length > sent ? true : undefined));
    const second = await owner.client.post(followUpsPath(chatId, answer.id));
    expect(second.status).toBe(409);
    expect((await second.json()).error.code).toBe('follow_ups_in_progress');
    open();
    const kept = await (await first).json();
    expect(kept).toEqual({ questions: ['How do I sell gift boxes to companies?'] });
    expect(await owner.client.json(followUpsPath(chatId, answer.id), { method: 'POST' })).toEqual(kept);
    expect(stub.requests.length).toBe(sent + 1);
    expect(await tokensOf(owner.id, chatId)).toEqual({ month: before.month + 100, chat: before.chat + 100 });
  });

  it('never holds up a send: a reply is answered while suggestions are written, and they are kept after it', async () => {
    const { owner, chatId, answer } = await answered(t);
    const before = await tokensOf(owner.id, chatId);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    stub.enqueue({
      chunks: ['1. How do I sell gift boxes to companies?'],
      usage: { prompt_tokens: 90, completion_tokens: 10 },
      hold: { after: 0, until: gate },
    });
    const sent = stub.requests.length;
    const suggesting = owner.client.post(followUpsPath(chatId, answer.id));
    await waitFor(async () => (stub.requests.length > sent ? true : undefined));

    // Sent while the suggestions are held: answered, not 409.
    stub.enqueue({
      chunks: ['Open ', 'on ', 'Sundays.'],
      usage: { prompt_tokens: 200, completion_tokens: 3 },
    });
    const reply = await owner.client.post(`/api/chats/${chatId}/messages`, { content: 'What next?' });
    expect(reply.status).toBe(200);
    expect((await readUiStream(reply)).text).toBe('Open on Sundays.');
    await settleReplies(t.db);
    // And the next answer's suggestions, asked for meanwhile, wait their turn (the client asks again).
    const view = await owner.client.json(`/api/chats/${chatId}`);
    const next = view.messages.at(-1) as { id: string };
    const waiting = await owner.client.post(followUpsPath(chatId, next.id));
    expect(waiting.status).toBe(409);
    expect((await waiting.json()).error.code).toBe('follow_ups_in_progress');

    open();
    expect(await (await suggesting).json()).toEqual({
      questions: ['How do I sell gift boxes to companies?'],
    });
    expect(await tokensOf(owner.id, chatId)).toEqual({ month: before.month + 303, chat: before.chat + 303 });
    stub.enqueue({
      chunks: ['1. Who bakes on Sundays?'],
      usage: { prompt_tokens: 80, completion_tokens: 5 },
    });
    expect(await owner.client.json(followUpsPath(chatId, next.id), { method: 'POST' })).toEqual({
      questions: ['Who bakes on Sundays?'],
    });
  });

  it('costs nothing when the call fails: the questions come from the passages instead', async () => {
    const { owner, chatId, answer } = await answered(t);
    const before = await tokensOf(owner.id, chatId);
    stub.enqueue({ status: 500 }, { status: 500 });
    const { questions } = await owner.client.json(followUpsPath(chatId, answer.id), { method: 'POST' });
    expect(questions.length).toBeGreaterThan(0);
    for (const question of questions) expect(question).toMatch(/^What does the video say about “.+”\?$/);
    expect(await tokensOf(owner.id, chatId)).toEqual(before);
  });
});
