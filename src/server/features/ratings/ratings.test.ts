import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RATING_NOTE_CHARS } from '../../../shared/schemas/ratings';
import { auditLog, chatMessages, messageRatings } from '../../db/schema';
import { createManualChat } from '../../testing/consult';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { readUiStream } from '../../testing/ui-stream';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A user with an answered consultation: the chat, its question's id and its answer's id. */
async function answeredChat(user?: TestUser) {
  const owner = user ?? (await t.createOnboardedUser());
  const chatId = await createManualChat(owner, 'We raised prices on sourdough and kept every customer.');
  await readUiStream(await owner.client.post(`/api/chats/${chatId}/first-reply`));
  const view = await owner.client.json(`/api/chats/${chatId}`);
  const answer = view.messages.find((m: { role: string }) => m.role === 'assistant');
  return { owner, chatId, answerId: answer.id as string };
}

const ratingPath = (chatId: string, messageId: string) => `/api/chats/${chatId}/messages/${messageId}/rating`;

describe('rating answers', () => {
  it('rates an answer 👍, changes it to 👎 with a reason, and clears it; the chat view shows each', async () => {
    const { owner, chatId, answerId } = await answeredChat();
    const path = ratingPath(chatId, answerId);
    const ratingsOnScreen = async () => (await owner.client.json(`/api/chats/${chatId}`)).ratings;

    expect(await owner.client.json(path, { method: 'PUT', json: { rating: 'up' } })).toEqual({
      rating: { rating: 'up', reason: null, note: null },
    });
    expect(await ratingsOnScreen()).toEqual({ [answerId]: { rating: 'up', reason: null, note: null } });

    const down = { rating: 'down', reason: 'ignored_video', note: '  It never cited the video.  ' };
    expect(await owner.client.json(path, { method: 'PUT', json: down })).toEqual({
      rating: { rating: 'down', reason: 'ignored_video', note: 'It never cited the video.' },
    });
    expect((await ratingsOnScreen())[answerId]).toEqual({
      rating: 'down',
      reason: 'ignored_video',
      note: 'It never cited the video.',
    });
    // Still one row: a change replaces the rating.
    expect(
      await t.db.select().from(messageRatings).where(eq(messageRatings.messageId, answerId)),
    ).toHaveLength(1);

    expect(await owner.client.json(path, { method: 'DELETE' })).toEqual({ rating: null });
    expect(await ratingsOnScreen()).toEqual({});
    // Clearing again is not an error.
    expect((await owner.client.delete(path)).status).toBe(200);
  });

  it('stores the model that wrote the answer', async () => {
    const { answerId } = await answeredChat();
    const [answer] = await t.db
      .select({ model: chatMessages.model })
      .from(chatMessages)
      .where(eq(chatMessages.id, answerId));
    expect(answer?.model).toBe('offline');
  });

  it("refuses a rating of another user's answer, of a question, or in a deleted chat: 404, nothing stored", async () => {
    const { owner, chatId, answerId } = await answeredChat();
    const stranger = await t.createOnboardedUser();
    const superAdmin = await t.createUser({ role: 'super_admin', profile: true });
    for (const who of [stranger, superAdmin]) {
      expect((await who.client.put(ratingPath(chatId, answerId), { rating: 'up' })).status).toBe(404);
      expect((await who.client.delete(ratingPath(chatId, answerId))).status).toBe(404);
    }
    expect((await t.client().put(ratingPath(chatId, answerId), { rating: 'up' })).status).toBe(401);

    await readUiStream(await owner.client.post(`/api/chats/${chatId}/messages`, { content: 'Why?' }));
    const view = await owner.client.json(`/api/chats/${chatId}`);
    const question = view.messages.find((m: { role: string }) => m.role === 'user');
    expect((await owner.client.put(ratingPath(chatId, question.id), { rating: 'up' })).status).toBe(404);
    // The answer named under another of the owner's chats.
    const other = await answeredChat(owner);
    expect((await owner.client.put(ratingPath(other.chatId, answerId), { rating: 'up' })).status).toBe(404);

    await owner.client.json(`/api/chats/${chatId}`, { method: 'DELETE' });
    expect((await owner.client.put(ratingPath(chatId, answerId), { rating: 'up' })).status).toBe(404);
    expect(await t.db.select().from(messageRatings).where(eq(messageRatings.messageId, answerId))).toEqual(
      [],
    );
  });

  it.each([
    ['a note over the limit', { rating: 'down', note: 'x'.repeat(MAX_RATING_NOTE_CHARS + 1) }, 'note'],
    ['an unknown reason', { rating: 'down', reason: 'rude' }, 'reason'],
    ['a reason on a 👍', { rating: 'up', reason: 'other' }, undefined],
    ['an unknown rating', { rating: 'meh' }, 'rating'],
    ['a NUL in the note', { rating: 'down', note: 'a\u0000b' }, 'note'],
  ])('refuses %s (400), storing nothing', async (_label, body, field) => {
    const { owner, chatId, answerId } = await answeredChat();
    const response = await owner.client.put(ratingPath(chatId, answerId), body);
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(error.code).toBe('invalid_input');
    if (field) expect(error.field).toBe(field);
    expect(await t.db.select().from(messageRatings).where(eq(messageRatings.messageId, answerId))).toEqual(
      [],
    );
  });

  it('accepts a note of exactly the limit', async () => {
    const { owner, chatId, answerId } = await answeredChat();
    const note = 'y'.repeat(MAX_RATING_NOTE_CHARS);
    const { rating } = await owner.client.json(ratingPath(chatId, answerId), {
      method: 'PUT',
      json: { rating: 'down', reason: 'other', note },
    });
    expect(rating.note).toBe(note);
  });
});

describe('ratings on the admin assistant screen', () => {
  it('is for super admins only', async () => {
    expect((await t.client().get('/api/admin/assistant/ratings')).status).toBe(401);
    for (const role of ['user', 'admin'] as const) {
      const who = await t.createUser({ role, profile: true });
      expect((await who.client.get('/api/admin/assistant/ratings')).status).toBe(403);
    }
  });

  it('gives the share of 👍 by model and by week, and the newest 👎 with their reasons', async () => {
    const boss = await t.createUser({ role: 'super_admin', profile: true });
    const before = await boss.client.json('/api/admin/assistant/ratings');
    const offlineBefore = before.byModel.find((row: { model: string }) => row.model === 'offline') ?? {
      up: 0,
      total: 0,
    };
    const first = await answeredChat();
    const second = await answeredChat();
    const third = await answeredChat();
    // An answer stored before models were kept has no model.
    await t.db.update(chatMessages).set({ model: null }).where(eq(chatMessages.id, third.answerId));
    await first.owner.client.json(ratingPath(first.chatId, first.answerId), {
      method: 'PUT',
      json: { rating: 'up' },
    });
    await second.owner.client.json(ratingPath(second.chatId, second.answerId), {
      method: 'PUT',
      json: { rating: 'down', reason: 'inaccurate', note: 'The prices were wrong' },
    });
    await third.owner.client.json(ratingPath(third.chatId, third.answerId), {
      method: 'PUT',
      json: { rating: 'down' },
    });

    const summary = await boss.client.json('/api/admin/assistant/ratings');
    expect(summary.byModel).toEqual(
      expect.arrayContaining([
        { model: 'offline', up: offlineBefore.up + 1, total: offlineBefore.total + 2 },
        expect.objectContaining({ model: null }),
      ]),
    );
    const thisWeek = summary.byWeek[0];
    const weekBefore = before.byWeek[0]?.week === thisWeek.week ? before.byWeek[0] : { up: 0, total: 0 };
    expect(thisWeek).toEqual({ week: thisWeek.week, up: weekBefore.up + 1, total: weekBefore.total + 3 });
    const monday = new Date(`${thisWeek.week}T00:00:00Z`);
    expect(monday.getUTCDay()).toBe(1);

    expect(summary.latestDown.slice(0, 2)).toEqual([
      expect.objectContaining({ chatId: third.chatId, messageId: third.answerId, reason: null, model: null }),
      expect.objectContaining({
        chatId: second.chatId,
        messageId: second.answerId,
        userEmail: second.owner.email,
        reason: 'inaccurate',
        note: 'The prices were wrong',
        model: 'offline',
      }),
    ]);
    expect(summary.latestDown[1].answer.length).toBeGreaterThan(0);
    expect(summary.latestDown[0]).not.toHaveProperty('userId');
    // Reading users' answers is recorded: who read it, and whose answers were shown.
    const [read] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, boss.id))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(read).toMatchObject({ action: 'ratings.read', actorEmail: boss.email, targetType: 'ratings' });
    expect((read!.after as { userIds: string[] }).userIds).toEqual(
      expect.arrayContaining([second.owner.id, third.owner.id]),
    );

    // The admin opens it read-only, as from the user's page.
    const opened = await boss.client.json(`/api/chats/${second.chatId}?ia=1`);
    expect(opened.readOnly).toBe(true);
    expect(opened.ratings[second.answerId]).toMatchObject({ rating: 'down', reason: 'inaccurate' });

    // A deleted chat's 👎 leaves the list.
    await second.owner.client.json(`/api/chats/${second.chatId}`, { method: 'DELETE' });
    const after = await boss.client.json('/api/admin/assistant/ratings');
    expect(after.latestDown.map((row: { chatId: string }) => row.chatId)).not.toContain(second.chatId);
  });
});
