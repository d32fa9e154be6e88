import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { citationParts } from '../../../shared/citations';
import { monthKey } from '../../../shared/dates';
import { EMPTY_LIBRARY_MESSAGE, NOTHING_FOUND_MESSAGE } from '../../../shared/schemas/sources';
import { USAGE_LIMIT_EXCEEDED_MESSAGE } from '../../../shared/usage';
import { chatMessages, chatSources, chats, libraryVideos, usageMonths, videoPassages } from '../../db/schema';
import { startAppWithOpenAiStub, stopReply, waitFor } from '../../testing/consult';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { type ReadStream, readUiStream, readUntil } from '../../testing/ui-stream';
import { countWrites, writesSoFar } from '../../testing/write-counter';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
// A test that holds the offline model's replies opens the gate again, even when it fails.
afterEach(() => t.offlineGate.open());

const PRICING = [
  '0:00',
  'Welcome to a talk about pricing a neighbourhood bakery.',
  '3:10',
  'Croissant margins improve when the morning rush pays a premium for delivery.',
  '9:45',
  'Never discount bread at closing time.',
].join('\n');
const LOYALTY = [
  '0:00',
  'This episode is about keeping cafe regulars.',
  '14:05',
  'An espresso stamp card brings loyalty members back every week.',
  '21:30',
  'Ask happy regulars for referrals.',
].join('\n');
const QUESTION = 'How do croissant margins and an espresso stamp card fit together?';

async function chatFrom(user: TestUser, transcript: string, youtubeUrl?: string): Promise<string> {
  const { id } = await user.client.json(
    '/api/chats',
    { method: 'POST', json: { source: 'manual', transcript, youtubeUrl } },
    201,
  );
  return id;
}

/** A data part of a read stream: 'sources' or 'consultation'. */
function dataOf<T>(stream: ReadStream, name: string): T {
  const part = stream.chunks.find((chunk) => chunk.type === `data-${name}`);
  if (!part) throw new Error(`no data-${name} part`);
  return part.data as T;
}

const ask = (user: TestUser, question: unknown) => user.client.post('/api/library/ask', { question });

/** The rows a refused question must leave as they were. */
async function stored(userId: string) {
  const [chatRows] = await t.db.select({ n: count() }).from(chats).where(eq(chats.userId, userId));
  const [messageRows] = await t.db
    .select({ n: count() })
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId));
  const usage = await t.db.select().from(usageMonths).where(eq(usageMonths.userId, userId));
  return { chats: chatRows!.n, messages: messageRows!.n, usage };
}

describe('Ask your library', () => {
  it('answers across videos, citing each, and opens a consultation of them titled by the question', async () => {
    const user = await t.createOnboardedUser();
    await chatFrom(user, PRICING, 'https://youtu.be/dQw4w9WgXcQ');
    await chatFrom(user, LOYALTY, 'https://youtu.be/manualEn001');
    const [videosBefore] = await t.db.select({ n: count() }).from(libraryVideos);
    const [passagesBefore] = await t.db.select({ n: count() }).from(videoPassages);

    const response = await ask(user, `  ${QUESTION} `);
    expect(response.status).toBe(200);
    const stream = await readUiStream(response);
    const sources = dataOf<
      {
        number: number;
        title: string;
      }[]
    >(stream, 'sources');
    expect(sources.map((s) => s.number)).toEqual([1, 2]);
    expect(new Set(sources.map((s) => s.title))).toEqual(
      new Set([
        'This episode is about keeping cafe regulars. An es',
        'Welcome to a talk about pricing a neighbourhood ba',
      ]),
    );
    const cited = new Set(citationParts(stream.text).flatMap((part) => part.citation?.source ?? []));
    expect([...cited].sort()).toEqual([1, 2]);
    expect(stream.metadata).toMatchObject({ status: 'complete' });
    const { chatId } = dataOf<{ chatId: string }>(stream, 'consultation');

    const view = await user.client.json(`/api/chats/${chatId}`);
    expect(view.chat.title).toBe(QUESTION);
    expect(view.sources.map((s: { number: number; title: string }) => [s.number, s.title])).toEqual(
      sources.map((s) => [s.number, s.title]),
    );
    expect(view.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual([
      ['user', QUESTION],
      ['assistant', stream.text],
    ]);
    expect(view.messages[1].totalTokens).toBe(stream.metadata!.totalTokens);
    expect(view.chat.totalTokens).toBe(stream.metadata!.totalTokens);
    // It draws on the videos the library holds: nothing is copied.
    expect((await t.db.select({ n: count() }).from(libraryVideos))[0]).toEqual(videosBefore);
    expect((await t.db.select({ n: count() }).from(videoPassages))[0]).toEqual(passagesBefore);
    const [usage] = await t.db
      .select()
      .from(usageMonths)
      .where(and(eq(usageMonths.userId, user.id), eq(usageMonths.month, monthKey())));
    expect(usage).toMatchObject({ messages: 1 });
    expect(usage!.tokens).toBeGreaterThanOrEqual(stream.metadata!.totalTokens!);

    // Follow-ups continue there, across the same videos.
    const followUp = await readUiStream(
      await user.client.post(`/api/chats/${chatId}/messages`, { content: 'And the espresso stamp card?' }),
    );
    expect(followUp.text).toContain('[V');
    expect(followUp.metadata).toMatchObject({ status: 'complete' });
  });

  it("never draws on another user's videos, nor on a deleted consultation's", async () => {
    const maya = await t.createOnboardedUser();
    const leo = await t.createOnboardedUser();
    await chatFrom(maya, PRICING);
    await chatFrom(leo, LOYALTY);
    const deleted = await chatFrom(maya, 'An espresso stamp card from a deleted chat.');
    await maya.client.json(`/api/chats/${deleted}`, { method: 'DELETE' });

    const stream = await readUiStream(await ask(maya, QUESTION));
    const sources = dataOf<{ title: string }[]>(stream, 'sources');
    expect(sources.map((s) => s.title)).toEqual(['Welcome to a talk about pricing a neighbourhood ba']);
    expect(stream.text).not.toContain('espresso');
    const { chatId } = dataOf<{ chatId: string }>(stream, 'consultation');
    const drawnOn = await t.db
      .select({ userId: libraryVideos.userId })
      .from(chatSources)
      .innerJoin(libraryVideos, eq(libraryVideos.id, chatSources.libraryVideoId))
      .where(eq(chatSources.chatId, chatId));
    expect(drawnOn).toEqual([{ userId: maya.id }]);
  });

  it('stores no copy of its video: a consultation of one video reads, answers, searches and exports as its own', async () => {
    const user = await t.createOnboardedUser();
    const original = await chatFrom(user, PRICING, 'https://youtu.be/dQw4w9WgXcQ');
    const stream = await readUiStream(await ask(user, 'How do croissant margins improve?'));
    const { chatId } = dataOf<{ chatId: string }>(stream, 'consultation');

    const [row] = await t.db.select().from(chats).where(eq(chats.id, chatId));
    expect(row).toMatchObject({ transcript: '', transcriptSegments: null, videoId: 'dQw4w9WgXcQ' });
    const { chat: own } = await user.client.json(`/api/chats/${original}`);
    const { chat } = await user.client.json(`/api/chats/${chatId}`);
    expect(chat).toMatchObject({ transcript: own.transcript, youtubeUrl: own.youtubeUrl });

    // Saved Chats finds it by its title (the question), not by its video's words.
    const search = async (q: string) =>
      (await user.client.json(`/api/chats/search?q=${q}`)).chats.map((c: { id: string }) => c.id).sort();
    expect(await search('neighbourhood')).toEqual([original]);
    expect(await search('croissant')).toEqual([original, chatId].sort());

    const followUp = await readUiStream(
      await user.client.post(`/api/chats/${chatId}/messages`, {
        content: 'Should I discount bread at closing?',
      }),
    );
    expect(followUp.metadata).toMatchObject({ status: 'complete' });
    expect(followUp.text).toContain('[09:45]');
    const markdown = await (await user.client.get(`/api/chats/${chatId}/export?format=md`)).text();
    expect(markdown).toContain(`## Transcript\n\n${own.transcript.trim()}`);
  });

  it('refuses, writing nothing: a blank or too long question, an empty library, a question nothing answers', async () => {
    // A user on a limited plan: a question that is refused takes no usage lease either.
    const user = await t.createOnboardedUser();
    await countWrites(t.db);
    const refuse = async (question: unknown, status: number, code: string, message: string | RegExp) => {
      const before = await stored(user.id);
      const writesBefore = await writesSoFar(t.db);
      const response = await ask(user, question);
      const body = await response.json();
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(body.error).toMatchObject({ code });
      expect(body.error.message).toMatch(message);
      expect(await stored(user.id)).toEqual(before);
      expect(await writesSoFar(t.db), `rows written by a ${status}`).toBe(writesBefore);
    };
    await refuse('   ', 400, 'invalid_input', 'question: Type a message first');
    await refuse(
      'x'.repeat(10_001),
      400,
      'invalid_input',
      /question: Keep your message under 10,000 characters/,
    );
    await refuse(QUESTION, 422, 'empty_library', EMPTY_LIBRARY_MESSAGE);
    await chatFrom(user, PRICING);
    await refuse('What about quantum tunnelling?', 422, 'nothing_found', NOTHING_FOUND_MESSAGE);
    await refuse('what is it about?', 422, 'nothing_found', NOTHING_FOUND_MESSAGE);
  });

  it('keeps the consultation, the question and what arrived of the answer when the asker stops', async () => {
    const user = await t.createOnboardedUser();
    await chatFrom(user, PRICING);
    await chatFrom(user, LOYALTY);
    t.offlineGate.close();
    const response = await user.client.request('/api/library/ask', {
      method: 'POST',
      json: { question: QUESTION },
    });
    const partial = await readUntil(response, (text) => text.length > 30);
    // The consultation it opened, where its Stop is.
    const [opened] = await t.db
      .select({ id: chats.id })
      .from(chats)
      .where(and(eq(chats.userId, user.id), eq(chats.title, QUESTION)));
    await stopReply(user, opened!.id);
    const answer = await waitFor(async () => {
      const rows = await t.db.select().from(chatMessages).where(eq(chatMessages.userId, user.id));
      return rows.find((m) => m.role === 'assistant' && m.status === 'partial');
    });
    expect(answer.content.startsWith(partial)).toBe(true);
    expect(answer.totalTokens).toBeGreaterThan(0);
    const [chat] = await t.db.select().from(chats).where(eq(chats.id, answer.chatId));
    expect(chat).toMatchObject({ title: QUESTION, totalTokens: answer.totalTokens });
    const [question] = await t.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, answer.chatId), eq(chatMessages.role, 'user')));
    expect(question!.content).toBe(QUESTION);
  });

  it('counts against the usage limit like any question: refused past it', async () => {
    const user = await t.createOnboardedUser();
    await chatFrom(user, PRICING);
    await t.db
      .insert(usageMonths)
      .values({ userId: user.id, month: monthKey(), tokens: 30_001, messages: 3 })
      .onConflictDoUpdate({ target: [usageMonths.userId, usageMonths.month], set: { tokens: 30_001 } });
    const response = await ask(user, QUESTION);
    expect(response.status).toBe(402);
    expect((await response.json()).error.message).toBe(USAGE_LIMIT_EXCEEDED_MESSAGE);
    expect((await stored(user.id)).chats).toBe(1);
  });
});

describe('an answer across videos, through an OpenAI-compatible model', () => {
  let app: Awaited<ReturnType<typeof startAppWithOpenAiStub>>;
  beforeAll(async () => {
    app = await startAppWithOpenAiStub();
  });
  afterAll(() => app.close());

  it("carries the chat's videos and their passages labelled [V2 14:05], and the rule to cite them so", async () => {
    const user = await app.t.createOnboardedUser();
    const { id } = await user.client.json(
      '/api/chats',
      { method: 'POST', json: { source: 'manual', transcript: PRICING } },
      201,
    );
    await readUiStream(await user.client.post(`/api/chats/${id}/first-reply`));
    const firstPrompt = app.stub.requests.at(-1)!.body.messages[0].content as string;
    expect(firstPrompt).toContain('[03:10] Croissant margins');
    expect(firstPrompt).not.toContain('[V1');

    await user.client.json(
      `/api/chats/${id}/sources`,
      { method: 'POST', json: { source: 'manual', transcript: LOYALTY } },
      201,
    );
    const reply = await readUiStream(
      await user.client.post(`/api/chats/${id}/messages`, { content: 'What about an espresso stamp card?' }),
    );
    expect(reply.metadata).toMatchObject({ status: 'complete' });
    const prompt = app.stub.requests.at(-1)!.body.messages[0].content as string;
    expect(prompt).toContain('cite the video and the moment as [V2 14:05]');
    expect(prompt).toContain(
      '## The videos\n- V1: Welcome to a talk about pricing a neighbourhood ba\n- V2: This episode',
    );
    // The whole of both videos fits the budget: every passage, video by video, in video order.
    const passages = prompt.slice(prompt.indexOf('## Passages of the videos'));
    expect(passages.split('\n').slice(1)).toEqual([
      '[V1 00:00] Welcome to a talk about pricing a neighbourhood bakery.',
      '[V1 03:10] Croissant margins improve when the morning rush pays a premium for delivery.',
      '[V1 09:45] Never discount bread at closing time.',
      '[V2 00:00] This episode is about keeping cafe regulars.',
      '[V2 14:05] An espresso stamp card brings loyalty members back every week.',
      '[V2 21:30] Ask happy regulars for referrals.',
    ]);
    const history = await app.t.db
      .select({ role: chatMessages.role })
      .from(chatMessages)
      .where(eq(chatMessages.chatId, id))
      .orderBy(asc(chatMessages.createdAt), asc(chatMessages.seq));
    expect(history.map((m) => m.role)).toEqual(['assistant', 'user', 'assistant']);
  });
});
