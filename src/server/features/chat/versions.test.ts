import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chats, usageMonths } from '../../db/schema';
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

/** Regenerated answers and edited questions (decision 041), answered through the OpenAI stub. */

let t: TestApp;
let stub: OpenAiStub;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, stub, close } = await startAppWithOpenAiStub());
});
afterAll(() => close());

const TRANSCRIPT =
  '0:00\nWelcome.\n0:12\nReferrals reward both sides.\n0:45\nRaise prices with a premium tier.';

/** Over the transcript budget in two parts: a first answer takes notes on each before it answers. */
const LONG_TRANSCRIPT = Array.from(
  { length: 3600 },
  (_, i) =>
    `${Math.floor(i / 60)}:${String(i % 60).padStart(2, '0')}\nIdea number ${i} about pricing, retention and referrals for small shops.`,
).join('\n');

interface ViewMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  status: string;
  totalTokens: number;
  versionIds: string[];
}

const viewOf = async (user: TestUser, chatId: string) =>
  (await user.client.json(`/api/chats/${chatId}`)) as {
    messages: ViewMessage[];
    chat: { totalTokens: number };
  };
const contentsOf = (view: { messages: ViewMessage[] }) => view.messages.map((m) => m.content);

/** Sends the request and reads its streamed answer, which the stub gives as `answer`. */
async function answered(user: TestUser, path: string, answer: string, body?: unknown) {
  stub.enqueue({ chunks: [answer], usage: { prompt_tokens: 100, completion_tokens: 10 } });
  const sent = stub.requests.length;
  const response = await user.client.post(path, body);
  expect(response.status).toBe(200);
  const stream = await readUiStream(response);
  expect(stream.text).toBe(answer);
  const conversation = stub.requests[sent]!.body.messages.slice(1) as { role: string; content: string }[];
  return conversation.map((m) => `${m.role}: ${m.content}`);
}

/** A chat with its first answer and two questions answered: F, Q1, A1, Q2, A2. */
async function chatOfTwoQuestions(user: TestUser) {
  const chatId = await createManualChat(user, TRANSCRIPT);
  await answered(user, `/api/chats/${chatId}/first-reply`, 'First answer.');
  await answered(user, `/api/chats/${chatId}/messages`, 'Answer one.', { content: 'How do I grow?' });
  await answered(user, `/api/chats/${chatId}/messages`, 'Answer two.', {
    content: 'What about loyalty cards?',
  });
  return { chatId, messages: (await viewOf(user, chatId)).messages };
}

const showVersion = (user: TestUser, chatId: string, messageId: string) =>
  user.client.json(`/api/chats/${chatId}/branch`, { method: 'PUT', json: { messageId } }) as Promise<{
    messages: ViewMessage[];
  }>;

const usageOf = async (userId: string) =>
  (await t.db.select().from(usageMonths).where(eq(usageMonths.userId, userId)))[0]!;
const storedCount = async (chatId: string) =>
  (await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId))).length;

describe('regenerating the last answer', () => {
  it('streams a new version in its place, keeps the earlier one, and follow-ups continue from the one shown', async () => {
    const user = await t.createOnboardedUser();
    const { chatId, messages } = await chatOfTwoQuestions(user);
    const earlier = messages.at(-1)!;

    const prompt = await answered(
      user,
      `/api/chats/${chatId}/messages/${earlier.id}/regenerate`,
      'Answer two, again.',
    );
    // The same question, with the conversation above it: not the answer it replaces.
    expect(prompt).toEqual([
      'assistant: First answer.',
      'user: How do I grow?',
      'assistant: Answer one.',
      'user: What about loyalty cards?',
    ]);
    const reloaded = await viewOf(user, chatId);
    expect(contentsOf(reloaded)).toEqual([
      'First answer.',
      'How do I grow?',
      'Answer one.',
      'What about loyalty cards?',
      'Answer two, again.',
    ]);
    const latest = reloaded.messages.at(-1)!;
    expect(latest.versionIds).toEqual([earlier.id, latest.id]);

    const shown = await showVersion(user, chatId, earlier.id);
    expect(shown.messages.at(-1)).toMatchObject({ id: earlier.id, content: 'Answer two.' });
    expect((await viewOf(user, chatId)).messages.at(-1)!.id).toBe(earlier.id);

    const followUp = await answered(user, `/api/chats/${chatId}/messages`, 'Answer three.', {
      content: 'And then?',
    });
    expect(followUp.slice(-2)).toEqual(['assistant: Answer two.', 'user: And then?']);
    expect(followUp.join('\n')).not.toContain('again');
  });

  it('counts its tokens as a reply does, and no message sent', async () => {
    const user = await t.createOnboardedUser();
    const { chatId, messages } = await chatOfTwoQuestions(user);
    const before = await usageOf(user.id);
    await answered(user, `/api/chats/${chatId}/messages/${messages.at(-1)!.id}/regenerate`, 'Again.');
    const after = await usageOf(user.id);
    expect(after.tokens - before.tokens).toBe(110);
    expect(after.messages).toBe(before.messages);
    const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    const spent = rows.reduce((sum, row) => sum + row.totalTokens, 0);
    expect((await viewOf(user, chatId)).chat.totalTokens).toBe(spent);
    expect(after.tokens).toBe(spent);
  });

  it('regenerates the first answer of a chat as a first answer', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await createManualChat(user, TRANSCRIPT);
    await answered(user, `/api/chats/${chatId}/first-reply`, 'First answer.');
    const [first] = (await viewOf(user, chatId)).messages;
    const prompt = await answered(
      user,
      `/api/chats/${chatId}/messages/${first!.id}/regenerate`,
      'First, again.',
    );
    expect(prompt).toHaveLength(1);
    expect(prompt[0]).toMatch(/^user: /);
    const view = await viewOf(user, chatId);
    expect(contentsOf(view)).toEqual(['First, again.']);
    expect(view.messages[0]!.versionIds).toEqual([first!.id, view.messages[0]!.id]);
  });

  it('keeps what arrived of a stopped regeneration as a version, charged as stored', async () => {
    const user = await t.createOnboardedUser();
    const { chatId, messages } = await chatOfTwoQuestions(user);
    const before = await usageOf(user.id);
    // Held after a few words until the reply is stopped: the test stops it mid-stream, whatever the pace.
    stub.enqueue({
      chunks: Array.from({ length: 200 }, (_, i) => `w${i} `),
      hold: { after: 4, until: new Promise(() => {}) },
    });
    const response = await user.client.request(
      `/api/chats/${chatId}/messages/${messages.at(-1)!.id}/regenerate`,
      {
        method: 'POST',
      },
    );
    const partial = await readUntil(response, (text) => text.includes('w3 '));
    await stopReply(user, chatId);
    const stopped = await waitFor(async () => {
      const last = (await viewOf(user, chatId)).messages.at(-1)!;
      return last.id === messages.at(-1)!.id ? undefined : last;
    });
    expect(stopped.status).toBe('partial');
    expect(stopped.content.startsWith(partial)).toBe(true);
    expect(stopped.versionIds).toEqual([messages.at(-1)!.id, stopped.id]);
    expect((await usageOf(user.id)).tokens - before.tokens).toBe(stopped.totalTokens);
    // The claim ended with the stored version: the new last answer can be regenerated.
    await answered(user, `/api/chats/${chatId}/messages/${stopped.id}/regenerate`, 'Complete now.');
  });
  it('stores no version of a first answer regenerated and stopped before its first words, charging the notes taken', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await createManualChat(user, LONG_TRANSCRIPT);
    stub.enqueue({ chunks: ['- [00:10] notes'] }, { chunks: ['- [40:00] notes'] });
    await answered(user, `/api/chats/${chatId}/first-reply`, 'First answer.');
    const [first] = (await viewOf(user, chatId)).messages;
    const before = { usage: await usageOf(user.id), chat: (await viewOf(user, chatId)).chat.totalTokens };

    // Notes on both parts, then the answer held before its first words until the reply is stopped.
    const notes = { usage: { prompt_tokens: 4000, completion_tokens: 100 } };
    stub.enqueue(
      { chunks: ['- [00:10] again'], ...notes },
      { chunks: ['- [40:00] again'], ...notes },
      { chunks: ['Never shown.'], hold: { after: 0, until: new Promise(() => {}) } },
    );
    const sent = stub.requests.length;
    const response = await user.client.request(`/api/chats/${chatId}/messages/${first!.id}/regenerate`, {
      method: 'POST',
    });
    expect(response.status).toBe(200);
    await waitFor(async () => (stub.requests.slice(sent).some((r) => r.body.stream) ? true : undefined));
    await stopReply(user, chatId);
    await waitFor(async () => {
      const [chat] = await t.db.select().from(chats).where(eq(chats.id, chatId));
      return chat!.regenerationClaimedAt === null ? true : undefined;
    });

    // The earlier version stays on screen, the only one; the notes already taken are charged.
    const view = await viewOf(user, chatId);
    expect(view.messages).toEqual([{ ...first!, versionIds: [first!.id] }]);
    expect(await storedCount(chatId)).toBe(1);
    expect((await usageOf(user.id)).tokens - before.usage.tokens).toBe(8200);
    expect(view.chat.totalTokens - before.chat).toBe(8200);
    // The claim ended: it can be regenerated again.
    stub.enqueue({ chunks: ['- [00:10] notes'] }, { chunks: ['- [40:00] notes'] });
    await answered(user, `/api/chats/${chatId}/messages/${first!.id}/regenerate`, 'First, again.');
    expect(contentsOf(await viewOf(user, chatId))).toEqual(['First, again.']);
  });
});

describe('editing a question', () => {
  it('starts a branch from it: the model sees only the branch on screen, the earlier one stays reachable', async () => {
    const user = await t.createOnboardedUser();
    const { chatId, messages } = await chatOfTwoQuestions(user);
    const question = messages[1]!;

    const prompt = await answered(
      user,
      `/api/chats/${chatId}/messages/${question.id}/edit`,
      'Answer one, online.',
      { content: '  How do I grow online?  ' },
    );
    expect(prompt).toEqual(['assistant: First answer.', 'user: How do I grow online?']);
    const edited = await viewOf(user, chatId);
    expect(contentsOf(edited)).toEqual(['First answer.', 'How do I grow online?', 'Answer one, online.']);
    expect(edited.messages[1]!.versionIds).toEqual([question.id, edited.messages[1]!.id]);

    const followUp = await answered(user, `/api/chats/${chatId}/messages`, 'Answer four.', {
      content: 'Which channel first?',
    });
    expect(followUp).toEqual([
      'assistant: First answer.',
      'user: How do I grow online?',
      'assistant: Answer one, online.',
      'user: Which channel first?',
    ]);

    // The earlier branch, whole, from the arrows on the question; and back.
    const earlier = await showVersion(user, chatId, question.id);
    expect(contentsOf(earlier)).toEqual(contentsOf({ messages }));
    expect(contentsOf(await viewOf(user, chatId))).toEqual(contentsOf({ messages }));
    const back = await showVersion(user, chatId, edited.messages[1]!.id);
    expect(contentsOf(back).at(-1)).toBe('Answer four.');
  });

  it('counts the edited question as a message sent and its answer as a reply', async () => {
    const user = await t.createOnboardedUser();
    const { chatId, messages } = await chatOfTwoQuestions(user);
    const before = await usageOf(user.id);
    await answered(user, `/api/chats/${chatId}/messages/${messages[3]!.id}/edit`, 'Cheaper.', {
      content: 'What about lower prices?',
    });
    const after = await usageOf(user.id);
    expect(after.messages - before.messages).toBe(1);
    expect(after.tokens - before.tokens).toBe(110);
    expect((await viewOf(user, chatId)).chat.totalTokens).toBe(after.tokens);
  });

  it('is followed by exports and Saved Chats search, which read the branch on screen', async () => {
    const user = await t.createOnboardedUser();
    const { chatId, messages } = await chatOfTwoQuestions(user);
    await answered(user, `/api/chats/${chatId}/messages/${messages[3]!.id}/edit`, 'Try sourdough.', {
      content: 'What about baguettes?',
    });
    const exported = async () => (await user.client.request(`/api/chats/${chatId}/export?format=md`)).text();
    const found = async (q: string) =>
      (await user.client.json(`/api/chats/search?q=${q}`)).chats.map((c: { id: string }) => c.id);

    expect(await exported()).toContain('What about baguettes?');
    expect(await exported()).not.toContain('What about loyalty cards?');
    expect(await found('baguettes')).toEqual([chatId]);
    expect(await found('loyalty')).toEqual([]);

    await showVersion(user, chatId, messages[3]!.id);
    expect(await exported()).toContain('What about loyalty cards?');
    expect(await exported()).not.toContain('baguettes');
    expect(await found('loyalty')).toEqual([chatId]);
    expect(await found('baguettes')).toEqual([]);
  });
});

describe('a super admin reading a user’s versions', () => {
  const staffView = async (boss: TestUser, chatId: string, version?: string) =>
    (await boss.client.json(`/api/chats/${chatId}?ia=1${version ? `&version=${version}` : ''}`)) as {
      messages: ViewMessage[];
      readOnly: boolean;
    };

  it('steps through them read-only, each branch in the query, leaving the user’s branch on screen as it was', async () => {
    const user = await t.createOnboardedUser();
    const boss = await t.createUser({ role: 'super_admin', profile: true });
    const { chatId, messages } = await chatOfTwoQuestions(user);
    await answered(user, `/api/chats/${chatId}/messages/${messages[4]!.id}/regenerate`, 'Answer two, again.');
    await answered(user, `/api/chats/${chatId}/messages/${messages[1]!.id}/edit`, 'Online answer.', {
      content: 'How do I grow online?',
    });
    const onScreen = contentsOf(await viewOf(user, chatId));
    expect(onScreen).toEqual(['First answer.', 'How do I grow online?', 'Online answer.']);

    const shown = await staffView(boss, chatId);
    expect(shown.readOnly).toBe(true);
    expect(contentsOf(shown)).toEqual(onScreen);
    // The question's earlier version: the newest branch below it, with its regenerated answer.
    const earlier = await staffView(boss, chatId, messages[1]!.id);
    expect(contentsOf(earlier)).toEqual([...contentsOf({ messages }).slice(0, 4), 'Answer two, again.']);
    expect(earlier.messages[4]!.versionIds).toEqual([messages[4]!.id, earlier.messages[4]!.id]);
    // The answer's earlier version, as first written.
    expect(contentsOf(await staffView(boss, chatId, messages[4]!.id))).toEqual(contentsOf({ messages }));

    expect(contentsOf(await viewOf(user, chatId))).toEqual(onScreen);
    // The user's own arrows stay the user's: staff cannot move them.
    const moved = await boss.client.request(`/api/chats/${chatId}/branch`, {
      method: 'PUT',
      json: { messageId: messages[4]!.id },
    });
    expect(moved.status).toBe(404);
    expect(contentsOf(await viewOf(user, chatId))).toEqual(onScreen);
  });

  it('opens a 👎 answer the user has since regenerated, from the ratings screen', async () => {
    const user = await t.createOnboardedUser();
    const boss = await t.createUser({ role: 'super_admin', profile: true });
    const { chatId, messages } = await chatOfTwoQuestions(user);
    const rated = messages[4]!;
    await user.client.json(`/api/chats/${chatId}/messages/${rated.id}/rating`, {
      method: 'PUT',
      json: { rating: 'down', reason: 'inaccurate' },
    });
    await answered(user, `/api/chats/${chatId}/messages/${rated.id}/regenerate`, 'A better answer.');

    const { latestDown } = await boss.client.json('/api/admin/assistant/ratings');
    const row = latestDown.find((r: { messageId: string }) => r.messageId === rated.id);
    const opened = await staffView(boss, row.chatId, row.messageId);
    expect(opened.messages.at(-1)).toMatchObject({ id: rated.id, content: 'Answer two.' });
  });

  it('refuses a version of another chat (404) or not a message id (400); other users get 404', async () => {
    const user = await t.createOnboardedUser();
    const boss = await t.createUser({ role: 'super_admin', profile: true });
    const { chatId } = await chatOfTwoQuestions(user);
    const other = await chatOfTwoQuestions(user);
    const asked = (who: TestUser, query: string) => who.client.get(`/api/chats/${chatId}?${query}`);
    const foreign = await asked(boss, `ia=1&version=${other.messages[2]!.id}`);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).error.message).toBe('Message not found');
    const bad = await asked(boss, 'ia=1&version=nope');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message).toContain('Not a message id');
    const stranger = await t.createOnboardedUser();
    expect((await asked(stranger, `version=${other.messages[2]!.id}`)).status).toBe(404);
    expect((await asked(stranger, `ia=1&version=${other.messages[2]!.id}`)).status).toBe(404);
  });
});

describe('refusals', () => {
  it('answers 409 for an answer that is not the last, or a question, storing nothing', async () => {
    const user = await t.createOnboardedUser();
    const { chatId, messages } = await chatOfTwoQuestions(user);
    const before = await storedCount(chatId);
    for (const message of [messages[0]!, messages[2]!, messages[3]!]) {
      const response = await user.client.post(`/api/chats/${chatId}/messages/${message.id}/regenerate`);
      expect(response.status).toBe(409);
      expect((await response.json()).error.code).toBe('not_last_answer');
    }
    // An earlier version, not on screen, is not the last answer either.
    const earlier = messages.at(-1)!;
    await answered(user, `/api/chats/${chatId}/messages/${earlier.id}/regenerate`, 'Again.');
    expect((await user.client.post(`/api/chats/${chatId}/messages/${earlier.id}/regenerate`)).status).toBe(
      409,
    );
    expect(await storedCount(chatId)).toBe(before + 1);
  });

  it('answers 409 while a reply is being written: a question awaiting its answer, or a regeneration', async () => {
    const user = await t.createOnboardedUser({ role: 'admin' });
    const { chatId, messages } = await chatOfTwoQuestions(user);
    const last = messages.at(-1)!;
    await t.db.update(chats).set({ regenerationClaimedAt: new Date() }).where(eq(chats.id, chatId));
    const claimed = await user.client.post(`/api/chats/${chatId}/messages/${last.id}/regenerate`);
    expect(claimed.status).toBe(409);
    expect((await claimed.json()).error.code).toBe('reply_in_progress');
    expect((await viewOf(user, chatId)).messages.at(-1)!.id).toBe(last.id);

    await t.db.update(chats).set({ regenerationClaimedAt: null }).where(eq(chats.id, chatId));
    await appendMessage(t, { id: chatId, userId: user.id }, { role: 'user', content: 'Still waiting?' });
    const awaiting = await user.client.post(`/api/chats/${chatId}/messages/${last.id}/regenerate`);
    expect(awaiting.status).toBe(409);
    expect(await storedCount(chatId)).toBe(messages.length + 1);
  });

  it('answers 409 to a regeneration while another one of the chat streams (held by a gate)', async () => {
    const user = await t.createOnboardedUser({ role: 'admin' });
    const { chatId, messages } = await chatOfTwoQuestions(user);
    const regenerate = `/api/chats/${chatId}/messages/${messages.at(-1)!.id}/regenerate`;
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    stub.enqueue({ chunks: ['Held ', 'answer.'], hold: { after: 1, until: gate } });
    const streaming = await user.client.post(regenerate);
    expect(streaming.status).toBe(200);
    await readUntil(streaming, (text) => text.includes('Held'));

    const refused = await user.client.post(regenerate);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('reply_in_progress');
    openGate();
    // Read to its end: the reply is stored before its stream ends.
    expect(await readUntil(streaming, () => false)).toBe('answer.');
    const shown = (await viewOf(user, chatId)).messages.at(-1)!;
    expect(shown.content).toBe('Held answer.');
    expect(shown.versionIds).toHaveLength(2);
  });

  it('answers 402 over the monthly limit for a regeneration and an edit, storing nothing', async () => {
    const user = await t.createOnboardedUser();
    const { chatId, messages } = await chatOfTwoQuestions(user);
    await t.db.update(usageMonths).set({ tokens: 30_001 }).where(eq(usageMonths.userId, user.id));
    const sent = stub.requests.length;
    expect(
      (await user.client.post(`/api/chats/${chatId}/messages/${messages[4]!.id}/regenerate`)).status,
    ).toBe(402);
    const edit = await user.client.post(`/api/chats/${chatId}/messages/${messages[3]!.id}/edit`, {
      content: 'Cheaper?',
    });
    expect(edit.status).toBe(402);
    expect(await storedCount(chatId)).toBe(messages.length);
    expect(stub.requests.length).toBe(sent);
  });

  it.each([
    ['a blank edit', { content: '  \n ' }],
    ['an oversized edit', { content: 'x'.repeat(10_001) }],
    ['no text', {}],
  ])('refuses %s with 400, storing nothing', async (_label, body) => {
    const user = await t.createOnboardedUser();
    const { chatId, messages } = await chatOfTwoQuestions(user);
    const response = await user.client.post(`/api/chats/${chatId}/messages/${messages[1]!.id}/edit`, body);
    expect(response.status).toBe(400);
    expect(await storedCount(chatId)).toBe(messages.length);
  });

  it('answers 404 for an unknown message, an answer to edit, or another chat’s message', async () => {
    const user = await t.createOnboardedUser();
    const { chatId, messages } = await chatOfTwoQuestions(user);
    const other = await chatOfTwoQuestions(user);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const refused = [
      await user.client.post(`/api/chats/${chatId}/messages/${unknown}/regenerate`),
      await user.client.post(`/api/chats/${chatId}/messages/${other.messages[4]!.id}/regenerate`),
      await user.client.post(`/api/chats/${chatId}/messages/${messages[2]!.id}/edit`, { content: 'Hm?' }),
      await user.client.post(`/api/chats/${chatId}/messages/${other.messages[1]!.id}/edit`, {
        content: 'Hm?',
      }),
      await user.client.request(`/api/chats/${chatId}/branch`, {
        method: 'PUT',
        json: { messageId: other.messages[2]!.id },
      }),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    expect(await storedCount(chatId)).toBe(messages.length);
    const stranger = await t.createOnboardedUser();
    expect(
      (await stranger.client.post(`/api/chats/${chatId}/messages/${messages[4]!.id}/regenerate`)).status,
    ).toBe(404);
  });
});
