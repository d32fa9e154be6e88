import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '../../../shared/dates';
import { addDays } from '../../../shared/plan';
import { isoDay } from '../../../shared/suggestions';
import { generationLeases, planItems, usageMonths } from '../../db/schema';
import { type OpenAiStub, startAppWithOpenAiStub } from '../../testing/consult';
import { insertChat } from '../../testing/library-fixtures';
import { insertMemory } from '../../testing/memory';
import { insertAnswer, insertPlanItem } from '../../testing/plan';
import type { TestApp, TestUser } from '../../testing/test-app';
import { insertSource } from '../chat/sources.service';

let t: TestApp;
let stub: OpenAiStub;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, stub, close } = await startAppWithOpenAiStub());
});
afterAll(() => close());

const VIDEO = 'dQw4w9WgXcQ';
const ANSWER = 'Raise the box price [02:05]. Then reward regulars [V2 00:40].';

async function answered(user: TestUser) {
  const chat = await insertChat(t, user.id, {
    title: 'Pricing a bakery box',
    youtubeUrl: `https://www.youtube.com/watch?v=${VIDEO}`,
    videoId: VIDEO,
  });
  const video = (title: string, youtubeUrl: string | null) => ({
    transcript: `[00:05] ${title}`,
    segments: [{ start: 5, duration: 4, text: title }],
    videoId: null,
    youtubeUrl,
    title,
    language: null,
  });
  await insertSource(
    t.db,
    { chatId: chat.id, userId: user.id },
    1,
    video('Pricing a bakery box', chat.youtubeUrl),
  );
  await insertSource(t.db, { chatId: chat.id, userId: user.id }, 2, video('A pasted talk', null));
  const messageId = await insertAnswer(t.db, { chatId: chat.id, userId: user.id }, ANSWER);
  return { chatId: chat.id, path: `/api/chats/${chat.id}/messages/${messageId}/plan-proposal` };
}

const tokensOf = async (user: TestUser) =>
  (await t.db.select().from(usageMonths).where(eq(usageMonths.userId, user.id)))[0]?.tokens ?? 0;

describe('a plan proposal with an AI key', () => {
  it('makes one structured-output call, maps its items, and counts its tokens as a reply’s', async () => {
    const user = await t.createOnboardedUser();
    const { path } = await answered(user);
    const before = stub.requests.length;
    stub.enqueue({
      json: {
        items: [
          {
            title: ' Raise the box price to $24 ',
            why: 'Margins fund growth.',
            dueInDays: 7,
            citation: '[02:05]',
          },
          { title: 'Reward regulars', why: 'w'.repeat(500), dueInDays: 400, citation: '[V2 00:40]' },
          { title: 'Invent a moment', why: 'Not in the answer', dueInDays: 0, citation: '[09:09]' },
          { title: '   ', why: 'No title', dueInDays: 3, citation: null },
        ],
      },
      usage: { prompt_tokens: 812, completion_tokens: 95 },
    });
    const { proposal } = await user.client.json(path, { method: 'POST' });

    expect(stub.requests.length - before).toBe(1);
    const request = stub.requests[before]!.body;
    expect(request.model).toBe('gpt-4o-mini');
    expect(request.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'action_plan' },
    });
    expect(
      Object.keys(request.response_format.json_schema.schema.properties.items.items.properties).sort(),
    ).toEqual(['citation', 'dueInDays', 'title', 'why']);
    expect(request.messages[0].content).toContain('Brightside Bakery');
    expect(request.messages[1]).toEqual({ role: 'user', content: ANSWER });

    const today = isoDay(new Date());
    expect(proposal.items).toHaveLength(3);
    expect(proposal.items[0]).toEqual({
      step: 0,
      title: 'Raise the box price to $24',
      why: 'Margins fund growth.',
      dueDate: addDays(today, 7),
      moment: {
        videoId: VIDEO,
        source: null,
        seconds: 125,
        label: '02:05',
        url: `https://www.youtube.com/watch?v=${VIDEO}&t=125s`,
        videoTitle: 'Pricing a bakery box',
      },
    });
    // V2 was pasted without a link: its transcript's moment; the reason is cut to 400; the due date to a year.
    expect(proposal.items[1]).toMatchObject({
      moment: {
        videoId: null,
        source: 2,
        seconds: 40,
        label: '00:40',
        url: null,
        videoTitle: 'A pasted talk',
      },
      dueDate: addDays(today, 365),
    });
    expect(proposal.items[1].why).toHaveLength(400);
    expect(proposal.items[2]).toMatchObject({ moment: null, dueDate: addDays(today, 1) });

    expect(await tokensOf(user)).toBe(907);
    expect(await t.db.select().from(generationLeases).where(eq(generationLeases.userId, user.id))).toEqual(
      [],
    );
    expect(await t.db.$count(planItems, eq(planItems.userId, user.id))).toBe(0);
  });

  it('reads the user’s memories and the steps done or dropped, and leaves those steps out of what the model proposes', async () => {
    const user = await t.createOnboardedUser();
    const stranger = await t.createOnboardedUser();
    await insertMemory(t.db, stranger.id, 'Stranger lost clients after a price rise');
    const outcome = await insertMemory(t.db, user.id, 'Raising the box price lost two clients', 'outcome');
    const deleted = await insertMemory(t.db, user.id, 'We priced boxes at 30 dollars once');
    await user.client.json(`/api/memory/${deleted.id}`, { method: 'DELETE' });
    await insertPlanItem(t.db, user.id, { title: 'Reward regulars', status: 'done' });
    await insertPlanItem(t.db, user.id, { title: 'Open on Sundays', status: 'dropped' });
    await insertPlanItem(t.db, user.id, { title: 'Bake rye on Mondays', status: 'todo' });
    const { path } = await answered(user);
    const before = stub.requests.length;
    stub.enqueue({
      json: {
        items: [
          { title: 'Raise the box price to $24', why: 'Margins.', dueInDays: 7, citation: '[02:05]' },
          { title: 'reward  REGULARS.', why: 'Again.', dueInDays: 7, citation: null },
          { title: 'Open on Sundays', why: 'Again.', dueInDays: 7, citation: null },
          { title: 'Bake rye on Mondays', why: 'Still to do.', dueInDays: 7, citation: null },
        ],
      },
    });
    const { proposal } = await user.client.json(path, { method: 'POST' });
    expect(proposal.items.map((item: { step: number; title: string }) => [item.step, item.title])).toEqual([
      [0, 'Raise the box price to $24'],
      [1, 'Bake rye on Mondays'],
    ]);
    const system = stub.requests[before]!.body.messages[0].content as string;
    expect(system).toContain(`- [M${outcome.number}] (outcome) Raising the box price lost two clients`);
    expect(system).toContain('## Steps already done or dropped');
    expect(system).toContain('- Reward regulars');
    expect(system).toContain('- Open on Sundays');
    expect(system).not.toContain('Bake rye');
    expect(system).not.toContain('30 dollars');
    expect(system).not.toContain('Stranger');
  });

  it('carries no memory while memory is paused or the consultation’s "Use memory" is off', async () => {
    const user = await t.createOnboardedUser();
    await insertMemory(t.db, user.id, 'Raising the box price lost two clients', 'outcome');
    await insertPlanItem(t.db, user.id, { title: 'Reward regulars', status: 'done' });
    const systemOf = async (path: string) => {
      const before = stub.requests.length;
      stub.enqueue({ json: { items: [] } });
      await user.client.json(path, { method: 'POST' });
      return stub.requests[before]!.body.messages[0].content as string;
    };
    const paused = await answered(user);
    await user.client.json('/api/memory/pause', { method: 'PUT', json: { paused: true } });
    const whilePaused = await systemOf(paused.path);
    expect(whilePaused).not.toContain('lost two clients');
    expect(whilePaused).not.toContain('(memories)');
    expect(whilePaused).toContain('- Reward regulars');
    await user.client.json('/api/memory/pause', { method: 'PUT', json: { paused: false } });
    expect(await systemOf(paused.path)).toContain('lost two clients');

    const off = await answered(user);
    await user.client.json(`/api/chats/${off.chatId}/use-memory`, {
      method: 'PUT',
      json: { useMemory: false },
    });
    expect(await systemOf(off.path)).not.toContain('lost two clients');
  });

  it('answers 402 at the month’s limit without calling the model', async () => {
    const user = await t.createOnboardedUser();
    const { path } = await answered(user);
    await t.db
      .insert(usageMonths)
      .values({ userId: user.id, month: monthKey(), tokens: 30_001, messages: 3 });
    const before = stub.requests.length;
    const response = await user.client.post(path);
    expect(response.status).toBe(402);
    expect((await response.json()).error.code).toBe('usage_limit_exceeded');
    expect(stub.requests.length).toBe(before);
  });

  it('answers 502 when the model’s output does not fit, still counting its tokens, and frees the user to retry', async () => {
    const user = await t.createOnboardedUser();
    const { path } = await answered(user);
    stub.enqueue({ chunks: ['not json'], usage: { prompt_tokens: 500, completion_tokens: 2 } });
    const failed = await user.client.post(path);
    expect(failed.status).toBe(502);
    expect((await failed.json()).error.code).toBe('proposal_failed');
    expect(await tokensOf(user)).toBe(502);
    stub.enqueue({ json: { items: [] }, usage: { prompt_tokens: 10, completion_tokens: 3 } });
    expect((await user.client.json(path, { method: 'POST' })).proposal.items).toEqual([]);
    expect(await tokensOf(user)).toBe(515);
  });
});
