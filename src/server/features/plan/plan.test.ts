import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/plan';
import { PLAN_LIMITS, type PlanItem } from '../../../shared/schemas/plan';
import { isoDay, weekOf } from '../../../shared/suggestions';
import { localDay } from '../../../shared/time-zones';
import { chatMessages, chats, planItems } from '../../db/schema';
import { SAMPLE_PROFILE } from '../../testing/fixtures';
import { insertChat } from '../../testing/library-fixtures';
import { insertAnswer, insertPlanItem } from '../../testing/plan';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { insertSource } from '../chat/sources.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OWN_VIDEO = 'dQw4w9WgXcQ';
const SECOND_VIDEO = 'aBcDeFgHiJk';
const today = () => isoDay(new Date());

/** A YouTube chat with a second video (V2), and a finished answer of `content` in it. */
async function answeredChat(user: TestUser, content: string, status: 'complete' | 'partial' = 'complete') {
  const chat = await insertChat(t, user.id, {
    title: 'Pricing a bakery box',
    youtubeUrl: `https://www.youtube.com/watch?v=${OWN_VIDEO}`,
    videoId: OWN_VIDEO,
  });
  const video = (title: string, videoId: string | null) => ({
    transcript: `[00:05] ${title}`,
    segments: [{ start: 5, duration: 4, text: title }],
    videoId,
    youtubeUrl: videoId && `https://www.youtube.com/watch?v=${videoId}`,
    title,
    language: null,
  });
  await insertSource(t.db, { chatId: chat.id, userId: user.id }, 1, video('Pricing a bakery box', OWN_VIDEO));
  await insertSource(
    t.db,
    { chatId: chat.id, userId: user.id },
    2,
    video('Loyalty that lasts', SECOND_VIDEO),
  );
  const messageId = await insertAnswer(t.db, { chatId: chat.id, userId: user.id }, content, status);
  return { chatId: chat.id, messageId };
}

const ANSWER = [
  'Here is what the videos say, for your bakery:',
  '',
  '- **Raise the box price to $24**: customers paid it without complaint [02:05].',
  '- [V2 1:01:10] Start a loyalty card for regulars.',
  '1. Survey ten regulars about what they would pay',
  '',
  'Ask a follow-up about any moment above [00:30].',
].join('\n');

async function propose(user: TestUser, chat: { chatId: string; messageId: string }) {
  return user.client.request(`/api/chats/${chat.chatId}/messages/${chat.messageId}/plan-proposal`, {
    method: 'POST',
  });
}

async function planOf(user: TestUser, query = ''): Promise<{ items: PlanItem[]; [key: string]: unknown }> {
  return user.client.json(`/api/plan${query}`);
}

async function storedCount(user: TestUser) {
  return t.db.$count(planItems, eq(planItems.userId, user.id));
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; field?: string; message: string } }).error;
}

describe('a plan proposal from an answer (offline)', () => {
  it('proposes one item per list item, placed at the moment it cites, tied to the goal, and stores nothing', async () => {
    const user = await t.createOnboardedUser();
    const chat = await answeredChat(user, ANSWER);
    const response = await propose(user, chat);
    expect(response.status).toBe(200);
    const { proposal } = await response.json();
    expect(proposal).toMatchObject({ chatId: chat.chatId, messageId: chat.messageId });
    expect(proposal.items.map((item: { title: string }) => item.title)).toEqual([
      'Raise the box price to $24',
      'Start a loyalty card for regulars',
      'Survey ten regulars about what they would pay',
    ]);
    const [price, loyalty, survey] = proposal.items;
    expect(price.moment).toEqual({
      videoId: OWN_VIDEO,
      source: null,
      seconds: 125,
      label: '02:05',
      url: `https://www.youtube.com/watch?v=${OWN_VIDEO}&t=125s`,
      videoTitle: 'Pricing a bakery box',
    });
    expect(loyalty.moment).toMatchObject({ videoId: SECOND_VIDEO, seconds: 3670, label: '1:01:10' });
    expect(loyalty.moment.videoTitle).toBe('Loyalty that lasts');
    expect(survey.moment).toBeNull();
    expect(price.why).toContain('Customers paid it without complaint.');
    expect(price.why).toContain(SAMPLE_PROFILE.businessGoals.shortTerm.slice(1, 20));
    expect(proposal.items.map((item: { dueDate: string }) => item.dueDate)).toEqual([
      addDays(today(), 7),
      addDays(today(), 14),
      addDays(today(), 21),
    ]);
    for (const item of proposal.items) {
      expect(item.title.length).toBeLessThanOrEqual(PLAN_LIMITS.title);
      expect(item.why.length).toBeLessThanOrEqual(PLAN_LIMITS.why);
    }
    expect(await storedCount(user)).toBe(0);
  });

  it('keeps at most 7 items and proposes none (no moments) from an answer without a list or citations', async () => {
    const user = await t.createOnboardedUser();
    const long = Array.from({ length: 10 }, (_, i) => `- Step number ${i + 1} of the launch`).join('\n');
    const { proposal } = await (await propose(user, await answeredChat(user, long))).json();
    expect(proposal.items).toHaveLength(7);
    const plain = await (await propose(user, await answeredChat(user, 'Prices rise with care.'))).json();
    expect(plain.proposal.items).toEqual([]);
  });

  it('leaves out a step the user already did or dropped (case and punctuation aside), not one still to do or another user’s', async () => {
    const user = await t.createOnboardedUser();
    const stranger = await t.createOnboardedUser();
    await insertPlanItem(t.db, user.id, { title: 'raise the box price to $24', status: 'done' });
    await insertPlanItem(t.db, user.id, {
      title: 'Survey ten regulars about what they would pay!',
      status: 'dropped',
    });
    await insertPlanItem(t.db, user.id, { title: 'Start a loyalty card for regulars', status: 'todo' });
    await insertPlanItem(t.db, stranger.id, { title: 'Start a loyalty card for regulars', status: 'done' });
    const { proposal } = await (await propose(user, await answeredChat(user, ANSWER))).json();
    expect(proposal.items.map((item: { step: number; title: string }) => [item.step, item.title])).toEqual([
      [0, 'Start a loyalty card for regulars'],
    ]);
    const fresh = await (await propose(stranger, await answeredChat(stranger, ANSWER))).json();
    expect(fresh.proposal.items.map((item: { title: string }) => item.title)).toEqual([
      'Raise the box price to $24',
      'Survey ten regulars about what they would pay',
    ]);
  });

  it('refuses another user’s answer, a question, a deleted chat (404) and an unfinished answer (409)', async () => {
    const user = await t.createOnboardedUser();
    const other = await t.createOnboardedUser();
    const chat = await answeredChat(user, ANSWER);
    expect((await propose(other, chat)).status).toBe(404);
    const partial = await answeredChat(user, ANSWER, 'partial');
    const unfinished = await propose(user, partial);
    expect(unfinished.status).toBe(409);
    expect((await errorOf(unfinished)).code).toBe('answer_not_finished');
    const question = await t.db
      .insert(chatMessages)
      .values({ chatId: chat.chatId, userId: user.id, role: 'user', content: '- a list in a question' })
      .returning();
    expect((await propose(user, { chatId: chat.chatId, messageId: question[0]!.id })).status).toBe(404);
    const elsewhere = await answeredChat(user, ANSWER);
    expect((await propose(user, { chatId: elsewhere.chatId, messageId: chat.messageId })).status).toBe(404);
    await t.db.update(chats).set({ deletedAt: new Date() }).where(eq(chats.id, chat.chatId));
    expect((await propose(user, chat)).status).toBe(404);
    const badId = await user.client.request(`/api/chats/${chat.chatId}/messages/nope/plan-proposal`, {
      method: 'POST',
    });
    expect(badId.status).toBe(400);
    expect((await errorOf(badId)).field).toBe('messageId');
  });
});

describe('adding items', () => {
  it('adds a reviewed proposal to the end of To do, and adding it again duplicates nothing', async () => {
    const user = await t.createOnboardedUser();
    await insertPlanItem(t.db, user.id, { title: 'Already there' });
    const chat = await answeredChat(user, ANSWER);
    const { proposal } = await (await propose(user, chat)).json();
    const reviewed = [
      { ...proposal.items[0], title: '  Raise the box price to $22  ' },
      { ...proposal.items[1], dueDate: '2031-03-01' },
    ];
    const first = await user.client.json(
      '/api/plan/items',
      { method: 'POST', json: { messageId: chat.messageId, items: reviewed } },
      201,
    );
    expect(first.items).toHaveLength(2);
    expect(first.items[0]).toMatchObject({
      title: 'Raise the box price to $22',
      status: 'todo',
      position: 1,
      chatId: chat.chatId,
      chatTitle: 'Pricing a bakery box',
      chatDeleted: false,
      messageId: chat.messageId,
      note: '',
      doneAt: null,
      moment: proposal.items[0].moment,
    });
    expect(first.items[1]).toMatchObject({ dueDate: '2031-03-01', position: 2 });
    const again = await user.client.json(
      '/api/plan/items',
      { method: 'POST', json: { messageId: chat.messageId, items: reviewed } },
      201,
    );
    expect(again.items.map((item: PlanItem) => item.id)).toEqual(
      first.items.map((item: PlanItem) => item.id),
    );
    expect(await storedCount(user)).toBe(3);
  });

  it('adds items by hand, without an answer', async () => {
    const user = await t.createOnboardedUser();
    const { items } = await user.client.json(
      '/api/plan/items',
      {
        method: 'POST',
        json: { items: [{ title: 'Call the flour supplier', why: 'Costs', dueDate: null }] },
      },
      201,
    );
    expect(items[0]).toMatchObject({
      title: 'Call the flour supplier',
      chatId: null,
      chatDeleted: false,
      moment: null,
    });
  });

  const valid = { title: 'A valid step' };
  it.each([
    ['a title over 120 characters', { items: [valid, { title: 'x'.repeat(121) }] }, 'items.1.title'],
    ['an empty title', { items: [valid, { title: '   ' }] }, 'items.1.title'],
    ['a why over 400 characters', { items: [valid, { title: 'Ok', why: 'y'.repeat(401) }] }, 'items.1.why'],
    [
      'a due date that is not a date',
      { items: [valid, { title: 'Ok', dueDate: '2030-02-30' }] },
      'items.1.dueDate',
    ],
    ['a due date before 2000', { items: [valid, { title: 'Ok', dueDate: '1999-12-31' }] }, 'items.1.dueDate'],
    ['a due date in words', { items: [valid, { title: 'Ok', dueDate: 'next Friday' }] }, 'items.1.dueDate'],
    ['more than 7 items', { items: Array.from({ length: 8 }, (_, i) => ({ title: `Step ${i}` })) }, 'items'],
    ['no items', { items: [] }, 'items'],
    [
      'a moment that is not a video',
      { items: [valid, { title: 'Ok', moment: { videoId: 'x', seconds: 3 } }] },
      'items.1.moment.videoId',
    ],
    ['a message id that is not one', { messageId: '12', items: [valid] }, 'messageId'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_, body, field) => {
    const user = await t.createOnboardedUser();
    const response = await user.client.post('/api/plan/items', body);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).field).toBe(field);
    expect(await storedCount(user)).toBe(0);
  });

  it('keeps a step of an answer once when a re-proposal renames it: the answer and its place in the proposal decide', async () => {
    const user = await t.createOnboardedUser();
    const chat = await answeredChat(user, ANSWER);
    const { proposal } = await (await propose(user, chat)).json();
    const add = (items: object[]) =>
      user.client.json(
        '/api/plan/items',
        { method: 'POST', json: { messageId: chat.messageId, items } },
        201,
      );
    const first = await add(proposal.items.slice(0, 2));
    // After a reload the model words the same steps differently; the user keeps its new words.
    const reworded = proposal.items.map((item: { title: string }, i: number) => ({
      ...item,
      title: `Step ${i + 1}, worded anew`,
    }));
    const again = await add(reworded);
    expect(again.items.map((item: PlanItem) => item.id).slice(0, 2)).toEqual(
      first.items.map((item: PlanItem) => item.id),
    );
    expect(again.items[2]).toMatchObject({ title: 'Step 3, worded anew' });
    expect(await storedCount(user)).toBe(3);
  });

  it('keeps only a moment the answer cites: another second, another video or a step added by hand is refused with 400', async () => {
    const user = await t.createOnboardedUser();
    const chat = await answeredChat(user, ANSWER);
    const { proposal } = await (await propose(user, chat)).json();
    const [price] = proposal.items;
    const cases: [object, string][] = [
      [
        {
          messageId: chat.messageId,
          items: [price, { ...price, step: 1, title: 'Moved', moment: { videoId: OWN_VIDEO, seconds: 126 } }],
        },
        'items.1.moment',
      ],
      [
        { messageId: chat.messageId, items: [{ ...price, moment: { videoId: SECOND_VIDEO, seconds: 125 } }] },
        'items.0.moment',
      ],
      [{ items: [{ title: 'By hand', moment: { videoId: OWN_VIDEO, seconds: 125 } }] }, 'items.0.moment'],
    ];
    for (const [body, field] of cases) {
      const response = await user.client.post('/api/plan/items', body);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ code: 'moment_not_cited', field });
    }
    expect(await storedCount(user)).toBe(0);
    const cited = await user.client.json(
      '/api/plan/items',
      {
        method: 'POST',
        json: {
          messageId: chat.messageId,
          items: [{ ...price, moment: { videoId: OWN_VIDEO, seconds: 30 } }],
        },
      },
      201,
    );
    expect(cited.items[0].moment).toMatchObject({ videoId: OWN_VIDEO, seconds: 30 });
  });

  it('keeps the cited second of a transcript pasted without a link: proposed, checked against the answer, stored and listed as a transcript moment', async () => {
    const user = await t.createOnboardedUser();
    const chat = await insertChat(t, user.id, {
      title: 'Pricing a bakery box',
      transcript: 'Customers paid $24 without complaint.',
      transcriptSegments: [{ start: 125, duration: 4, text: 'Customers paid $24 without complaint.' }],
    });
    const messageId = await insertAnswer(
      t.db,
      { chatId: chat.id, userId: user.id },
      '- **Raise the box price to $24**: customers paid it without complaint [02:05].',
    );
    const { proposal } = await (await propose(user, { chatId: chat.id, messageId })).json();
    const transcriptMoment = {
      videoId: null,
      source: null,
      seconds: 125,
      label: '02:05',
      url: null,
      videoTitle: 'Pricing a bakery box',
    };
    expect(proposal.items[0].moment).toEqual(transcriptMoment);

    const add = (moment: object) =>
      user.client.post('/api/plan/items', { messageId, items: [{ ...proposal.items[0], moment }] });
    for (const moment of [
      { source: null, seconds: 126 },
      { source: 2, seconds: 125 },
      { videoId: OWN_VIDEO, seconds: 125 },
    ]) {
      const refused = await add(moment);
      expect(refused.status).toBe(400);
      expect(await errorOf(refused)).toMatchObject({ code: 'moment_not_cited', field: 'items.0.moment' });
    }
    // A YouTube answer's citation is the video's moment, never a transcript's.
    const youTube = await answeredChat(user, ANSWER);
    const refused = await user.client.post('/api/plan/items', {
      messageId: youTube.messageId,
      items: [{ title: 'Raise the price', moment: { seconds: 125 } }],
    });
    expect(await errorOf(refused)).toMatchObject({ code: 'moment_not_cited' });
    expect(await storedCount(user)).toBe(0);

    const added = await add({ source: null, seconds: 125 });
    expect(added.status).toBe(201);
    expect((await added.json()).items[0].moment).toEqual(transcriptMoment);
    const [listed] = (await planOf(user)).items;
    expect(listed).toMatchObject({ chatId: chat.id, moment: transcriptMoment });
  });

  it('refuses a proposal of another user’s answer (404) or an unfinished one (409), storing nothing', async () => {
    const user = await t.createOnboardedUser();
    const other = await t.createOnboardedUser();
    const chat = await answeredChat(other, ANSWER);
    const theirs = await user.client.post('/api/plan/items', {
      messageId: chat.messageId,
      items: [{ title: 'Mine?' }],
    });
    expect(theirs.status).toBe(404);
    const partial = await answeredChat(user, ANSWER, 'partial');
    const unfinished = await user.client.post('/api/plan/items', {
      messageId: partial.messageId,
      items: [{ title: 'Too early' }],
    });
    expect(unfinished.status).toBe(409);
    expect(await storedCount(user)).toBe(0);
  });

  it('holds at most 500 items: an add that would pass it is refused whole (409 plan_full)', async () => {
    const user = await t.createOnboardedUser();
    await t.db.insert(planItems).values(
      Array.from({ length: PLAN_LIMITS.itemsPerUser - 1 }, (_, i) => ({
        userId: user.id,
        fromAnswer: false,
        title: `Step ${i}`,
        position: i,
      })),
    );
    const two = await user.client.post('/api/plan/items', { items: [{ title: 'One' }, { title: 'Two' }] });
    expect(two.status).toBe(409);
    expect(await errorOf(two)).toMatchObject({ code: 'plan_full', field: 'items' });
    expect(await storedCount(user)).toBe(PLAN_LIMITS.itemsPerUser - 1);
    await user.client.json('/api/plan/items', { method: 'POST', json: { items: [{ title: 'One' }] } }, 201);
    expect((await user.client.post('/api/plan/items', { items: [{ title: 'Two' }] })).status).toBe(409);
    expect(await storedCount(user)).toBe(PLAN_LIMITS.itemsPerUser);
  });
});

describe('changing items', () => {
  it('edits title, why, due date and note; a new status goes last there and stamps when it was done', async () => {
    const user = await t.createOnboardedUser();
    await insertPlanItem(t.db, user.id, { title: 'Done before', status: 'done', doneAt: new Date() });
    const item = await insertPlanItem(t.db, user.id, { title: 'Draft' });
    const { item: edited } = await user.client.json(`/api/plan/items/${item.id}`, {
      method: 'PATCH',
      json: { title: 'Final', why: 'Because', dueDate: '2030-05-01', note: 'n'.repeat(2000) },
    });
    expect(edited).toMatchObject({ title: 'Final', why: 'Because', dueDate: '2030-05-01', status: 'todo' });
    expect(edited.note).toHaveLength(2000);
    const { item: done } = await user.client.json(`/api/plan/items/${item.id}`, {
      method: 'PATCH',
      json: { status: 'done' },
    });
    expect(done).toMatchObject({ status: 'done', position: 1 });
    expect(done.doneAt).not.toBeNull();
    const { item: reopened } = await user.client.json(`/api/plan/items/${item.id}`, {
      method: 'PATCH',
      json: { status: 'in_progress', dueDate: null },
    });
    expect(reopened).toMatchObject({ status: 'in_progress', doneAt: null, dueDate: null, position: 0 });
  });

  it.each([
    ['a note over 2,000 characters', { note: 'n'.repeat(2001) }, 'note'],
    ['a title over 120 characters', { title: 't'.repeat(121) }, 'title'],
    ['an unknown status', { status: 'someday' }, 'status'],
    ['a due date that is not a date', { dueDate: '2030-13-01' }, 'dueDate'],
    ['a due date before 2000', { dueDate: '1999-01-01' }, 'dueDate'],
  ])('refuses %s with 400 naming the field, changing nothing', async (_, body, field) => {
    const user = await t.createOnboardedUser();
    const item = await insertPlanItem(t.db, user.id, { title: 'Keep me' });
    const response = await user.client.patch(`/api/plan/items/${item.id}`, { why: 'changed', ...body });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).field).toBe(field);
    const [stored] = await t.db.select().from(planItems).where(eq(planItems.id, item.id));
    expect(stored).toMatchObject({ title: 'Keep me', why: '', status: 'todo', note: '' });
  });

  it('answers 404 for another user’s item (edit and delete) and leaves it as it was', async () => {
    const user = await t.createOnboardedUser();
    const other = await t.createOnboardedUser();
    const theirs = await insertPlanItem(t.db, other.id, { title: 'Their step' });
    expect((await user.client.patch(`/api/plan/items/${theirs.id}`, { title: 'Mine now' })).status).toBe(404);
    expect((await user.client.delete(`/api/plan/items/${theirs.id}`)).status).toBe(404);
    expect((await planOf(other)).items.map((item) => item.title)).toEqual(['Their step']);
  });

  it('deletes an item', async () => {
    const user = await t.createOnboardedUser();
    const item = await insertPlanItem(t.db, user.id, { title: 'Gone soon' });
    expect(await user.client.json(`/api/plan/items/${item.id}`, { method: 'DELETE' })).toEqual({
      deleted: true,
    });
    expect(await storedCount(user)).toBe(0);
    expect((await user.client.delete(`/api/plan/items/${item.id}`)).status).toBe(404);
  });

  it('reorders a status; a list that misses an item (409) or names another user’s (404) changes nothing', async () => {
    const user = await t.createOnboardedUser();
    const other = await t.createOnboardedUser();
    const [a, b, c] = [
      await insertPlanItem(t.db, user.id, { title: 'A' }),
      await insertPlanItem(t.db, user.id, { title: 'B' }),
      await insertPlanItem(t.db, user.id, { title: 'C' }),
    ];
    await insertPlanItem(t.db, user.id, { title: 'D', status: 'done' });
    const theirs = await insertPlanItem(t.db, other.id, { title: 'X' });
    const titles = async () => (await planOf(user)).items.map((item) => item.title);
    expect(
      await user.client.json('/api/plan/order', {
        method: 'PUT',
        json: { status: 'todo', itemIds: [c!.id, a!.id, b!.id] },
      }),
    ).toEqual({ ok: true });
    expect(await titles()).toEqual(['C', 'A', 'B', 'D']);
    const missing = await user.client.put('/api/plan/order', { status: 'todo', itemIds: [a!.id, b!.id] });
    expect(missing.status).toBe(409);
    expect((await errorOf(missing)).field).toBe('itemIds');
    const foreign = await user.client.put('/api/plan/order', {
      status: 'todo',
      itemIds: [a!.id, b!.id, theirs.id],
    });
    expect(foreign.status).toBe(404);
    const badStatus = await user.client.put('/api/plan/order', { status: 'later', itemIds: [] });
    expect((await errorOf(badStatus)).field).toBe('status');
    expect(await titles()).toEqual(['C', 'A', 'B', 'D']);
  });
});

describe('the plan page', () => {
  it('groups by status, marks a deleted consultation, and filters by status, video and due date', async () => {
    const user = await t.createOnboardedUser();
    const chat = await answeredChat(user, ANSWER);
    const { proposal } = await (await propose(user, chat)).json();
    const day = today();
    await user.client.json(
      '/api/plan/items',
      {
        method: 'POST',
        json: {
          messageId: chat.messageId,
          items: [
            { ...proposal.items[0], dueDate: addDays(day, -1) },
            { ...proposal.items[1], dueDate: addDays(day, 6) },
            { ...proposal.items[2], dueDate: addDays(day, 7) },
          ],
        },
      },
      201,
    );
    await insertPlanItem(t.db, user.id, { title: 'No date', status: 'in_progress' });
    await insertPlanItem(t.db, user.id, {
      title: 'Dropped late',
      status: 'dropped',
      dueDate: addDays(day, -3),
    });
    const titles = async (query: string) => (await planOf(user, query)).items.map((item) => item.title);
    const [price, loyalty, survey] = proposal.items.map((item: { title: string }) => item.title);
    expect(await titles('')).toEqual([price, loyalty, survey, 'No date', 'Dropped late']);
    expect(await titles('?due=overdue')).toEqual([price]);
    expect(await titles('?due=week')).toEqual([loyalty]);
    expect(await titles('?due=later')).toEqual([survey]);
    expect(await titles('?due=none')).toEqual(['No date']);
    expect(await titles('?status=dropped')).toEqual(['Dropped late']);
    expect(await titles(`?videoId=${SECOND_VIDEO}`)).toEqual([loyalty]);
    expect(await titles(`?videoId=${SECOND_VIDEO}&due=overdue`)).toEqual([]);
    const page = await planOf(user);
    expect(page.videos).toEqual([
      { videoId: SECOND_VIDEO, title: 'Loyalty that lasts' },
      { videoId: OWN_VIDEO, title: 'Pricing a bakery box' },
    ]);
    expect(page.checkIn).toEqual({ enabled: false });

    await t.db.update(chats).set({ deletedAt: new Date() }).where(eq(chats.id, chat.chatId));
    const afterDelete = (await planOf(user)).items[0]!;
    expect(afterDelete).toMatchObject({ title: price, chatDeleted: true, chatId: null, chatTitle: null });
    await t.db.delete(chats).where(eq(chats.id, chat.chatId));
    expect((await planOf(user)).items[0]).toMatchObject({ title: price, chatDeleted: true, messageId: null });
  });

  it('leaves done and dropped steps out of every due-date filter', async () => {
    const user = await t.createOnboardedUser();
    const day = today();
    for (const [due, dueDate] of [
      ['overdue', addDays(day, -1)],
      ['week', addDays(day, 2)],
      ['later', addDays(day, 30)],
      ['none', null],
    ] as const) {
      await insertPlanItem(t.db, user.id, { title: `Open ${due}`, dueDate });
      await insertPlanItem(t.db, user.id, {
        title: `Done ${due}`,
        dueDate,
        status: 'done',
        doneAt: new Date(),
      });
      await insertPlanItem(t.db, user.id, { title: `Dropped ${due}`, dueDate, status: 'dropped' });
      expect((await planOf(user, `?due=${due}`)).items.map((item) => item.title)).toEqual([`Open ${due}`]);
    }
  });

  it('reads due dates in the user’s time zone: today, overdue and this week are their days, not UTC’s', async () => {
    const user = await t.createOnboardedUser();
    const now = new Date();
    // One of these two zones is on another day than UTC at any hour: a day ahead, or a day behind.
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
      (name) => localDay(now, name) !== isoDay(now),
    )!;
    await user.client.json('/api/account/settings', { method: 'PATCH', json: { timeZone: zone } });
    const localToday = localDay(now, zone);
    await insertPlanItem(t.db, user.id, { title: 'Due local today', dueDate: localToday });
    await insertPlanItem(t.db, user.id, { title: 'Due local yesterday', dueDate: addDays(localToday, -1) });
    const page = await planOf(user);
    expect(page).toMatchObject({ today: localToday, timeZone: zone });
    expect(page.progress).toMatchObject({ overdue: 1, dueThisWeek: 1 });
    expect((await planOf(user, '?due=overdue')).items.map((item) => item.title)).toEqual([
      'Due local yesterday',
    ]);
    expect((await planOf(user, '?due=week')).items.map((item) => item.title)).toEqual(['Due local today']);
  });

  it.each([
    ['status', '?status=later'],
    ['due', '?due=soon'],
    ['videoId', '?videoId=short'],
  ])('refuses a bad %s filter with 400 naming it', async (field, query) => {
    const user = await t.createOnboardedUser();
    const response = await user.client.get(`/api/plan${query}`);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).field).toBe(field);
  });

  it('counts done this month, due this week and overdue, and items done per week over 12 weeks', async () => {
    const user = await t.createOnboardedUser();
    const now = new Date();
    const day = today();
    const thisWeek = weekOf(now);
    const at = (week: string) => new Date(`${week}T12:00:00Z`);
    await insertPlanItem(t.db, user.id, { title: 'Done now', status: 'done', doneAt: now });
    await insertPlanItem(t.db, user.id, {
      title: 'Done 11 weeks ago',
      status: 'done',
      doneAt: at(addDays(thisWeek, -77)),
    });
    await insertPlanItem(t.db, user.id, {
      title: 'Done 12 weeks ago',
      status: 'done',
      doneAt: at(addDays(thisWeek, -84)),
    });
    await insertPlanItem(t.db, user.id, { title: 'Due today', dueDate: day });
    await insertPlanItem(t.db, user.id, {
      title: 'Due in 6 days',
      dueDate: addDays(day, 6),
      status: 'in_progress',
    });
    await insertPlanItem(t.db, user.id, { title: 'Due in 7 days', dueDate: addDays(day, 7) });
    await insertPlanItem(t.db, user.id, { title: 'Late', dueDate: addDays(day, -1) });
    await insertPlanItem(t.db, user.id, {
      title: 'Late but dropped',
      dueDate: addDays(day, -1),
      status: 'dropped',
    });
    await insertPlanItem(t.db, user.id, {
      title: 'Late but done',
      dueDate: addDays(day, -1),
      status: 'done',
    });
    const { progress } = (await planOf(user)) as { progress: Record<string, unknown> } & {
      items: PlanItem[];
    };
    expect(progress).toMatchObject({ dueThisWeek: 2, overdue: 1 });
    // 'Late but done' has no done time; the 11-weeks-ago one may fall in this month only near its start.
    const elevenWeeksAgoThisMonth = addDays(thisWeek, -77).slice(0, 7) === day.slice(0, 7) ? 1 : 0;
    expect(progress.doneThisMonth).toBe(1 + elevenWeeksAgoThisMonth);
    const weeks = progress.doneByWeek as { weekStart: string; done: number }[];
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toEqual({ weekStart: addDays(thisWeek, -77), done: 1 });
    expect(weeks[11]).toEqual({ weekStart: thisWeek, done: 1 });
    expect(weeks.reduce((sum, week) => sum + week.done, 0)).toBe(2);
  });

  it('keeps the check-in switch per user, shown on the plan page', async () => {
    const user = await t.createOnboardedUser();
    expect(await user.client.json('/api/plan/check-in')).toEqual({ enabled: false });
    expect(await user.client.json('/api/plan/check-in', { method: 'PUT', json: { enabled: true } })).toEqual({
      enabled: true,
    });
    expect((await planOf(user)).checkIn).toEqual({ enabled: true });
    const bad = await user.client.put('/api/plan/check-in', { enabled: 'yes' });
    expect((await errorOf(bad)).field).toBe('enabled');
  });
});

describe('exports', () => {
  async function planWithItems() {
    const user = await t.createOnboardedUser();
    const chat = await answeredChat(user, ANSWER);
    const { proposal } = await (await propose(user, chat)).json();
    await user.client.json(
      '/api/plan/items',
      {
        method: 'POST',
        json: {
          messageId: chat.messageId,
          items: [
            { ...proposal.items[0], title: 'Raise the price, "carefully", to $24', dueDate: '2030-04-02' },
            { ...proposal.items[1], dueDate: null },
          ],
        },
      },
      201,
    );
    await insertPlanItem(t.db, user.id, {
      title: '=HYPERLINK("x")',
      status: 'done',
      dueDate: '2030-01-01',
      doneAt: new Date(),
    });
    await insertPlanItem(t.db, user.id, { title: 'Dropped step', status: 'dropped', dueDate: '2030-01-02' });
    return user;
  }

  async function download(user: TestUser, format: string) {
    const response = await user.client.get(`/api/plan/export?format=${format}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="vidvisor-plan.${format}"`,
    );
    return response;
  }

  it('exports the due dates of open items as an iCalendar file of all-day events', async () => {
    const user = await planWithItems();
    const response = await download(user, 'ics');
    expect(response.headers.get('content-type')).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]);
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(
      events.map((event) => [event.summary, event.startDate.toString(), event.startDate.isDate]),
    ).toEqual([['Raise the price, "carefully", to $24', '2030-04-02', true]]);
    expect(events[0]!.description).toContain(`https://www.youtube.com/watch?v=${OWN_VIDEO}&t=125s`);
  });

  it('exports CSV one row per item, quoted, with a formula-looking cell defused', async () => {
    const user = await planWithItems();
    const text = await (await download(user, 'csv')).text();
    const rows: string[][] = parse(text);
    expect(rows[0]).toEqual([
      'Title',
      'Why',
      'Status',
      'Due date',
      'Note',
      'Video',
      'Moment',
      'Link',
      'Consultation',
      'Done at',
    ]);
    expect(rows.slice(1).map((row) => [row[0], row[2], row[3]])).toEqual([
      ['Raise the price, "carefully", to $24', 'To do', '2030-04-02'],
      ['Start a loyalty card for regulars', 'To do', ''],
      [`'=HYPERLINK("x")`, 'Done', '2030-01-01'],
      ['Dropped step', 'Dropped', '2030-01-02'],
    ]);
    expect(rows[1]!.slice(5, 9)).toEqual([
      'Pricing a bakery box',
      '02:05',
      `https://www.youtube.com/watch?v=${OWN_VIDEO}&t=125s`,
      'Pricing a bakery box',
    ]);
  });

  it('exports Markdown grouped by status with the moments as links', async () => {
    const user = await planWithItems();
    const markdown = await (await download(user, 'md')).text();
    expect(markdown).toContain('## To do');
    expect(markdown).toContain('## Done\n\n- [x] **=HYPERLINK("x")**');
    expect(markdown).toContain(
      `[Pricing a bakery box at 02:05](https://www.youtube.com/watch?v=${OWN_VIDEO}&t=125s)`,
    );
    expect(markdown.indexOf('## To do')).toBeLessThan(markdown.indexOf('## Done'));
  });

  it('refuses an unknown format with 400 naming it', async () => {
    const user = await t.createOnboardedUser();
    const response = await user.client.get('/api/plan/export?format=pdf');
    expect(response.status).toBe(400);
    expect((await errorOf(response)).field).toBe('format');
  });
});
