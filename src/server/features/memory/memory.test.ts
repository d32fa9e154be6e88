import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FRESH_SIGN_IN_MINUTES } from '../../../shared/schemas/account';
import { MEMORY_LIMITS, MEMORY_MESSAGES, OUTCOME_LINK_MESSAGES } from '../../../shared/schemas/memory';
import { accounts, chats, memories, memorySettings, sessions } from '../../db/schema';
import { createManualChat } from '../../testing/consult';
import { insertMemory } from '../../testing/memory';
import { insertPlanItem } from '../../testing/plan';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { rememberAll } from './memory.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowsOf = (userId: string) => t.db.select().from(memories).where(eq(memories.userId, userId));

async function errorOf(response: Response) {
  return { status: response.status, ...((await response.json()) as { error: object }).error };
}

describe('What Vidvisor knows: the user’s memories', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.createOnboardedUser();
  });

  it('adds a typed memory, numbered after the others, and lists every memory of the user only', async () => {
    const other = await t.createOnboardedUser();
    await insertMemory(t.db, other.id, 'Another bakery sells croissants');
    const { memory } = await user.client.json(
      '/api/memory',
      { method: 'POST', json: { statement: '  We sell 40 boxes a week  ', kind: 'fact' } },
      201,
    );
    expect(memory).toMatchObject({
      number: 1,
      statement: 'We sell 40 boxes a week',
      kind: 'fact',
      origin: 'typed',
    });
    const second = await user.client.json(
      '/api/memory',
      { method: 'POST', json: { statement: 'We decided to stop wholesale', kind: 'decision' } },
      201,
    );
    expect(second.memory.number).toBe(2);
    const page = await user.client.json('/api/memory');
    expect(page).toMatchObject({ paused: false, limit: MEMORY_LIMITS.perUser });
    expect(page.memories.map((m: { statement: string }) => m.statement).sort()).toEqual([
      'We decided to stop wholesale',
      'We sell 40 boxes a week',
    ]);
  });

  it('refuses an empty statement, one over 300 characters and an unknown kind, naming the field', async () => {
    const before = (await rowsOf(user.id)).length;
    const cases = [
      [{ statement: '   ', kind: 'fact' }, 'statement', MEMORY_MESSAGES.statementRequired],
      [{ statement: 'x'.repeat(301), kind: 'fact' }, 'statement', MEMORY_MESSAGES.statementTooLong],
      [{ statement: 'We bake', kind: 'rumour' }, 'kind', MEMORY_MESSAGES.kind],
      [{ kind: 'fact' }, 'statement', MEMORY_MESSAGES.statementRequired],
    ] as const;
    for (const [json, field, message] of cases) {
      const error = await errorOf(await user.client.post('/api/memory', json));
      expect(error).toMatchObject({ status: 400, field, message: `${field}: ${message}` });
    }
    const exactly300 = await user.client.post('/api/memory', { statement: 'y'.repeat(300), kind: 'fact' });
    expect(exactly300.status).toBe(201);
    expect((await rowsOf(user.id)).length).toBe(before + 1);
  });

  it('edits and deletes the user’s own memory; another user’s is 404 and stays as it was', async () => {
    const own = await insertMemory(t.db, user.id, 'Our oven fits 12 loaves');
    const { memory } = await user.client.json(`/api/memory/${own.id}`, {
      method: 'PATCH',
      json: { statement: 'Our oven fits 14 loaves', kind: 'constraint' },
    });
    expect(memory).toMatchObject({
      number: own.number,
      statement: 'Our oven fits 14 loaves',
      kind: 'constraint',
    });

    const stranger = await t.createOnboardedUser();
    const theirs = await insertMemory(t.db, stranger.id, 'Their secret recipe');
    expect((await user.client.patch(`/api/memory/${theirs.id}`, { statement: 'Mine now' })).status).toBe(404);
    expect((await user.client.delete(`/api/memory/${theirs.id}`)).status).toBe(404);
    expect((await rowsOf(stranger.id)).map((m) => m.statement)).toEqual(['Their secret recipe']);

    expect(await errorOf(await user.client.patch(`/api/memory/${own.id}`, {}))).toMatchObject({
      status: 400,
    });
    expect((await user.client.patch('/api/memory/not-an-id', { kind: 'fact' })).status).toBe(400);

    await user.client.json(`/api/memory/${own.id}`, { method: 'DELETE' });
    expect((await rowsOf(user.id)).some((m) => m.id === own.id)).toBe(false);
    expect((await user.client.delete(`/api/memory/${own.id}`)).status).toBe(404);
  });

  it('holds up to 200 memories: the 201st is a clear 409 and nothing is stored', async () => {
    const full = await t.createOnboardedUser();
    await rememberAll(
      t.db,
      full.id,
      Array.from({ length: MEMORY_LIMITS.perUser }, (_, i) => ({
        statement: `Fact number ${i}`,
        kind: 'fact' as const,
        origin: 'typed' as const,
      })),
      'refuse',
    );
    const error = await errorOf(
      await full.client.post('/api/memory', { statement: 'One more', kind: 'fact' }),
    );
    expect(error).toMatchObject({
      status: 409,
      code: 'memory_full',
      field: 'statement',
      message: MEMORY_MESSAGES.full,
    });
    expect(await rowsOf(full.id)).toHaveLength(MEMORY_LIMITS.perUser);
    // What extraction does at the cap: keeps what fits, here nothing.
    expect(
      await rememberAll(t.db, full.id, [{ statement: 'x', kind: 'fact', origin: 'typed' }], 'keep-what-fits'),
    ).toEqual([]);
  });

  it('pauses and resumes memory', async () => {
    expect(await user.client.json('/api/memory/pause', { method: 'PUT', json: { paused: true } })).toEqual({
      paused: true,
    });
    expect((await user.client.json('/api/memory')).paused).toBe(true);
    await user.client.json('/api/memory/pause', { method: 'PUT', json: { paused: false } });
    expect((await user.client.json('/api/memory')).paused).toBe(false);
    expect((await user.client.put('/api/memory/pause', { paused: 'yes' })).status).toBe(400);
  });
});

describe('Forget everything', () => {
  it('asks for the typed word and the password; a wrong one forgets nothing', async () => {
    const user = await t.createOnboardedUser();
    await insertMemory(t.db, user.id, 'We lost two clients after raising prices');
    const noWord = await errorOf(await user.client.post('/api/memory/forget', { password: user.password }));
    expect(noWord).toMatchObject({ status: 400, field: 'confirm' });
    const noPassword = await errorOf(await user.client.post('/api/memory/forget', { confirm: 'FORGET' }));
    expect(noPassword).toMatchObject({
      status: 400,
      field: 'password',
      message: `password: ${MEMORY_MESSAGES.password}`,
    });
    const wrong = await errorOf(
      await user.client.post('/api/memory/forget', { confirm: 'FORGET', password: 'not-the-password-1' }),
    );
    expect(wrong).toMatchObject({
      status: 400,
      field: 'password',
      message: `password: ${MEMORY_MESSAGES.wrongPassword}`,
    });
    expect(await rowsOf(user.id)).toHaveLength(1);
  });

  it('a password-less account needs a sign-in less than 5 minutes old, not only the typed word', async () => {
    const user = await t.createOnboardedUser();
    await t.db.delete(accounts).where(eq(accounts.userId, user.id));
    await insertMemory(t.db, user.id, 'We deliver only within the city');
    await t.db
      .update(sessions)
      .set({ createdAt: sql`now() - make_interval(mins => ${FRESH_SIGN_IN_MINUTES + 1})` })
      .where(eq(sessions.userId, user.id));
    const stale = await user.client.post('/api/memory/forget', { confirm: 'FORGET' });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toEqual({
      error: { code: 'fresh_sign_in_required', message: MEMORY_MESSAGES.freshSignInRequired },
    });
    // A password proves nothing for an account without one.
    expect(
      (await user.client.post('/api/memory/forget', { confirm: 'FORGET', password: user.password })).status,
    ).toBe(403);
    expect(await rowsOf(user.id)).toHaveLength(1);

    await user.client.post('/api/auth/email-otp/send-verification-otp', {
      email: user.email,
      type: 'sign-in',
    });
    const mail = (await t.mailsTo(user.email)).find((m) => m.kind === 'one-time-code:sign-in');
    const otp = mail?.text.match(/\b\d{6}\b/)?.[0];
    expect((await user.client.post('/api/auth/sign-in/email-otp', { email: user.email, otp })).status).toBe(
      200,
    );
    // The fresh sign-in is proof enough; the typed word is still asked.
    expect((await user.client.post('/api/memory/forget', {})).status).toBe(400);
    expect(
      await user.client.json('/api/memory/forget', { method: 'POST', json: { confirm: 'FORGET' } }),
    ).toEqual({
      forgotten: true,
    });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('leaves nothing of the user’s memory, and nobody else’s is touched', async () => {
    const user = await t.createOnboardedUser();
    const bystander = await t.createOnboardedUser();
    await insertMemory(t.db, user.id, 'We rent the shop until 2028');
    await insertMemory(t.db, user.id, 'I can’t hire before March', 'constraint');
    await insertMemory(t.db, bystander.id, 'Bystander fact');
    await user.client.json('/api/memory/pause', { method: 'PUT', json: { paused: true } });
    expect(
      await user.client.json('/api/memory/forget', {
        method: 'POST',
        json: { confirm: 'FORGET', password: user.password },
      }),
    ).toEqual({ forgotten: true });
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await t.db.select().from(memorySettings).where(eq(memorySettings.userId, user.id))).toEqual([]);
    expect((await rowsOf(bystander.id)).map((m) => m.statement)).toEqual(['Bystander fact']);
    // Numbering starts over.
    const { memory } = await user.client.json(
      '/api/memory',
      { method: 'POST', json: { statement: 'A fresh start', kind: 'fact' } },
      201,
    );
    expect(memory.number).toBe(1);
  });
});

describe('a consultation’s "Use memory" switch', () => {
  it('is on by default, switches for the owner only, and shows in the chat', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await createManualChat(user, 'A talk on pricing sourdough boxes.');
    expect((await user.client.json(`/api/chats/${chatId}`)).chat.useMemory).toBe(true);
    await user.client.json(`/api/chats/${chatId}/use-memory`, { method: 'PUT', json: { useMemory: false } });
    expect((await user.client.json(`/api/chats/${chatId}`)).chat.useMemory).toBe(false);
    const stranger = await t.createOnboardedUser();
    expect((await stranger.client.put(`/api/chats/${chatId}/use-memory`, { useMemory: true })).status).toBe(
      404,
    );
    const [row] = await t.db.select({ useMemory: chats.useMemory }).from(chats).where(eq(chats.id, chatId));
    expect(row!.useMemory).toBe(false);
  });
});

describe('How did it go? A plan step’s outcome', () => {
  it('becomes an outcome memory linked to a step done or dropped, replaced when answered again', async () => {
    const user = await t.createOnboardedUser();
    const item = await insertPlanItem(t.db, user.id, { title: 'Raise the box price to $24', status: 'done' });
    const { memory } = await user.client.json(`/api/plan/items/${item.id}/outcome`, {
      method: 'POST',
      json: { outcome: 'didnt', note: 'Two regulars left' },
    });
    expect(memory).toMatchObject({
      kind: 'outcome',
      origin: 'plan',
      planItemId: item.id,
      statement: 'Plan step "Raise the box price to $24" (done): it didn\'t work. Two regulars left',
    });
    const again = await user.client.json(`/api/plan/items/${item.id}/outcome`, {
      method: 'POST',
      json: { outcome: 'partly' },
    });
    expect(again.memory).toMatchObject({ id: memory.id, number: memory.number });
    expect((await rowsOf(user.id)).map((m) => m.statement)).toEqual([
      'Plan step "Raise the box price to $24" (done): it partly worked.',
    ]);
  });

  it('refuses a step not done or dropped (400), another user’s step (404) and an unknown outcome', async () => {
    const user = await t.createOnboardedUser();
    const todo = await insertPlanItem(t.db, user.id, { title: 'Call ten regulars' });
    const notFinished = await errorOf(
      await user.client.post(`/api/plan/items/${todo.id}/outcome`, { outcome: 'worked' }),
    );
    expect(notFinished).toMatchObject({
      status: 400,
      field: 'outcome',
      message: MEMORY_MESSAGES.outcomeNotFinished,
    });
    const stranger = await t.createOnboardedUser();
    const theirs = await insertPlanItem(t.db, stranger.id, { title: 'Their step', status: 'dropped' });
    expect(
      (await user.client.post(`/api/plan/items/${theirs.id}/outcome`, { outcome: 'worked' })).status,
    ).toBe(404);
    const dropped = await insertPlanItem(t.db, user.id, { title: 'Print flyers', status: 'dropped' });
    const unknown = await errorOf(
      await user.client.post(`/api/plan/items/${dropped.id}/outcome`, { outcome: 'great' }),
    );
    expect(unknown).toMatchObject({ status: 400, field: 'outcome' });
    expect(await rowsOf(user.id)).toEqual([]);
    expect(await rowsOf(stranger.id)).toEqual([]);
  });

  it('is neither asked nor recorded while memory is paused', async () => {
    const user = await t.createOnboardedUser();
    const item = await insertPlanItem(t.db, user.id, { title: 'Raise the box price to $24', status: 'done' });
    expect((await user.client.json('/api/plan')).outcomesRemembered).toBe(true);
    await user.client.json('/api/memory/pause', { method: 'PUT', json: { paused: true } });
    expect((await user.client.json('/api/plan')).outcomesRemembered).toBe(false);
    const refused = await errorOf(
      await user.client.post(`/api/plan/items/${item.id}/outcome`, { outcome: 'worked' }),
    );
    expect(refused).toMatchObject({ status: 409, field: 'outcome', message: OUTCOME_LINK_MESSAGES.paused });
    expect(await rowsOf(user.id)).toEqual([]);
  });
});
