import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '../../../shared/dates';
import { MAIL_RETRY_JOB, MAIL_SWEEP_SCHEDULE } from '../../adapters/mail';
import {
  auditLog,
  chats,
  subscriptions,
  supportTickets,
  usageMonths,
  users,
  waitlist,
} from '../../db/schema';
import { makeWaitingJobsDue } from '../../testing/jobs';
import { insertChat, insertMessage, insertTicket } from '../../testing/library-fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { INDEX_MIGRATED_VIDEOS_JOB } from '../chat/sources.service';
import { WEEKLY_EMAIL_JOB } from '../suggestions/weekly-email';

let t: TestApp;
let boss: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  boss = await t.createUser({ role: 'super_admin', profile: true });
});
afterAll(() => t.close());

const MISSING_UUID = '00000000-0000-4000-8000-000000000000';

async function auditFor(targetId: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.id));
}

describe('every admin route is for super admins only', () => {
  it('refuses anonymous callers (401), users and admins (403), and answers super admins', async () => {
    const target = await t.createOnboardedUser();
    const chat = await insertChat(t, target.id);
    const ticket = await insertTicket(t, target.id);
    const routes: [method: string, path: string, body?: unknown][] = [
      ['GET', '/api/admin/users'],
      ['GET', `/api/admin/users/${target.id}`],
      ['PUT', `/api/admin/users/${target.id}/role`, { role: 'user' }],
      ['GET', `/api/admin/users/${target.id}/profile`],
      ['GET', `/api/admin/users/${target.id}/usage`],
      ['GET', `/api/admin/users/${target.id}/tickets`],
      ['GET', `/api/admin/users/${target.id}/chats`],
      ['PATCH', `/api/admin/chats/${chat.id}`, { title: 'Renamed by staff' }],
      ['POST', `/api/admin/tickets/${ticket.id}/replies`, { message: 'We are on it' }],
      ['POST', `/api/admin/tickets/${ticket.id}/resolve`],
      ['GET', '/api/admin/waitlist'],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/jobs'],
      ['DELETE', `/api/admin/chats/${chat.id}`],
    ];
    const user = await t.createOnboardedUser();
    const admin = await t.createUser({ role: 'admin', profile: true });
    for (const [method, path, json] of routes) {
      const call = (client: TestUser['client']) =>
        client.request(path, { method, json: method === 'GET' ? undefined : (json ?? {}) });
      expect((await call(t.client())).status, `${method} ${path} anonymous`).toBe(401);
      expect((await call(user.client)).status, `${method} ${path} user`).toBe(403);
      expect((await call(admin.client)).status, `${method} ${path} admin`).toBe(403);
      expect((await call(boss.client)).status, `${method} ${path} super admin`).toBeLessThan(300);
    }
    // The refused attempts changed nothing: only the super admin's actions are in the log.
    const entries = await t.db.select().from(auditLog);
    expect(new Set(entries.map((e) => e.actorId))).toEqual(new Set([boss.id]));
  });
});

describe('users list', () => {
  it('pages newest first, searches by e-mail prefix and counts pending tickets per user', async () => {
    const prefix = `zeta${Date.now().toString(36)}`;
    // Listed users need no password: rows written directly, a second apart, spare 27 password hashes.
    const made = await t.db
      .insert(users)
      .values(
        Array.from({ length: 27 }, (_, i) => ({
          id: `${prefix}-${i}`,
          name: '',
          email: `${prefix}-${i}@example.com`,
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        })),
      )
      .returning();
    await insertTicket(t, made[26]!.id);
    await insertTicket(t, made[26]!.id);
    await insertTicket(t, made[26]!.id, { resolved: true });

    const first = await boss.client.json(`/api/admin/users?q=${prefix.toUpperCase()}`);
    expect(first).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(first.users).toHaveLength(25);
    expect(first.users[0]).toMatchObject({ email: `${prefix}-26@example.com`, pendingTickets: 2 });
    expect(first.users[1]).toMatchObject({ pendingTickets: 0 });
    const second = await boss.client.json(`/api/admin/users?q=${prefix}&page=2`);
    expect(second.users.map((u: { email: string }) => u.email)).toEqual([
      `${prefix}-1@example.com`,
      `${prefix}-0@example.com`,
    ]);
    expect((await boss.client.json(`/api/admin/users?q=${prefix}-13@`)).users).toHaveLength(1);
    expect((await boss.client.json('/api/admin/users')).total).toBeGreaterThanOrEqual(28);
  });

  it('treats LIKE wildcards literally and answers odd searches without an error', async () => {
    for (const q of ['%', '_', '\\', "'; drop table users; --", 'ü@例え.jp']) {
      const body = await boss.client.json(`/api/admin/users?q=${encodeURIComponent(q)}`);
      expect(body).toMatchObject({ users: [], total: 0 });
    }
    expect((await boss.client.get(`/api/admin/users?q=${'a'.repeat(10_240)}`)).status).toBe(400);
    expect((await boss.client.get('/api/admin/users?page=-1')).status).toBe(400);
  });
});

describe('user detail', () => {
  it('shows the user, their plan and price, and the unresolved ticket count', async () => {
    const user = await t.createOnboardedUser();
    await insertTicket(t, user.id);
    const detail = await boss.client.json(`/api/admin/users/${user.id}`);
    expect(detail).toMatchObject({
      user: { id: user.id, email: user.email, role: 'user' },
      plan: { id: 'free', name: 'Free', priceCents: 0, interval: 'month' },
      unresolvedTickets: 1,
    });
    const subscribed = await t.createUser({ profile: true });
    await t.db.insert(subscriptions).values({
      userId: subscribed.id,
      provider: 'local',
      providerSubscriptionId: `sub_${subscribed.id}`,
      planId: 'pro',
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 86_400_000),
    });
    expect((await boss.client.json(`/api/admin/users/${subscribed.id}`)).plan).toMatchObject({
      name: 'Pro',
      priceCents: 700,
    });
    const none = await t.createUser();
    expect((await boss.client.json(`/api/admin/users/${none.id}`)).plan).toBeNull();
  });

  it('reads the profile (or the empty default), usage history and tickets of any user', async () => {
    const user = await t.createOnboardedUser();
    const profile = await boss.client.json(`/api/admin/users/${user.id}/profile`);
    expect(profile.profile).toMatchObject({ businessName: 'Brightside Bakery', email: user.email });
    const bare = await t.createUser();
    expect((await boss.client.json(`/api/admin/users/${bare.id}/profile`)).profile).toMatchObject({
      businessName: '',
      email: bare.email,
    });

    await t.db.insert(usageMonths).values([
      { userId: user.id, month: '2026-01', tokens: 500, messages: 2 },
      { userId: user.id, month: monthKey(new Date(Date.UTC(2026, 1, 1))), tokens: 900, messages: 4 },
    ]);
    // The same usage summary the user gets from /api/usage.
    expect(await boss.client.json(`/api/admin/users/${user.id}/usage`)).toMatchObject({
      history: [
        { month: '2026-02', label: 'February 2026', tokens: 900, messages: 4 },
        { month: '2026-01', label: 'January 2026', tokens: 500, messages: 2 },
      ],
      limits: { monthlyTokens: 30_000 },
    });
    await user.client.post('/api/support/tickets', { message: 'Where is my invoice?' });
    const { tickets } = await boss.client.json(`/api/admin/users/${user.id}/tickets`);
    expect(tickets).toMatchObject([{ message: 'Where is my invoice?', resolved: false, replies: [] }]);
  });

  it('answers 404 for a user that does not exist, on every per-user route', async () => {
    for (const suffix of ['', '/profile', '/usage', '/tickets', '/chats']) {
      expect((await boss.client.get(`/api/admin/users/no-such-user${suffix}`)).status).toBe(404);
    }
    expect((await boss.client.put('/api/admin/users/no-such-user/role', { role: 'admin' })).status).toBe(404);
    // Nothing was read, so nothing is recorded.
    expect(await auditFor('no-such-user')).toEqual([]);
  });
});

describe('staff reads of a user’s data', () => {
  it.each([
    ['', 'user.read_detail'],
    ['/profile', 'user.read_profile'],
    ['/usage', 'user.read_usage'],
    ['/tickets', 'user.read_tickets'],
    ['/chats', 'user.read_chats'],
  ])('GET /api/admin/users/:id%s records who read whose data, as %s', async (suffix, action) => {
    const user = await t.createOnboardedUser();
    expect((await boss.client.get(`/api/admin/users/${user.id}${suffix}`)).status).toBe(200);
    expect(await auditFor(user.id)).toMatchObject([
      { action, actorId: boss.id, actorEmail: boss.email, targetType: 'user', targetId: user.id },
    ]);
  });

  it('are told apart from changes in the audit log, and filtered by the user read', async () => {
    const user = await t.createOnboardedUser();
    const other = await t.createOnboardedUser();
    await boss.client.json(`/api/admin/users/${user.id}/profile`);
    await boss.client.json(`/api/admin/users/${other.id}/usage`);
    await boss.client.put(`/api/admin/users/${user.id}/role`, { role: 'admin' });
    const actions = async (query: string) =>
      (await boss.client.json(`/api/admin/audit?target=${user.id}${query}`)).entries.map(
        (entry: { action: string }) => entry.action,
      );
    expect(await actions('')).toEqual(['user.set_role', 'user.read_profile']);
    expect(await actions('&kind=reads')).toEqual(['user.read_profile']);
    expect(await actions('&kind=changes')).toEqual(['user.set_role']);
    const reads = await boss.client.json(`/api/admin/audit?actor=${boss.id}&kind=reads`);
    expect(reads.entries.map((entry: { action: string }) => entry.action)).not.toContain('user.set_role');
    const wrong = await boss.client.get('/api/admin/audit?kind=everything');
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain('kind');
  });
});

describe('privileges', () => {
  it('sets the role in the user table, records it, and admin routes reflect it on the next request', async () => {
    const user = await t.createOnboardedUser();
    expect((await user.client.json('/api/me')).role).toBe('user');
    expect(
      await boss.client.json(`/api/admin/users/${user.id}/role`, {
        method: 'PUT',
        json: { role: 'super_admin' },
      }),
    ).toEqual({
      user: { id: user.id, role: 'super_admin' },
    });
    // Admin routes read the session from the database: the new role holds there at once. A plain read
    // such as /api/me may show the old one for SESSION_CACHE_SECONDS (decision 072, session-cache.test.ts),
    // until a database read (this one) caches the session again.
    expect((await user.client.get('/api/admin/users')).status).toBe(200);
    expect((await user.client.json('/api/me')).role).toBe('super_admin');

    const [entry] = await auditFor(user.id);
    expect(entry).toMatchObject({
      actorId: boss.id,
      actorEmail: boss.email,
      action: 'user.set_role',
      targetType: 'user',
      before: { role: 'user' },
      after: { role: 'super_admin' },
    });
    expect(entry!.createdAt).toBeInstanceOf(Date);
  });

  it('refuses an unknown level', async () => {
    const user = await t.createUser();
    const response = await boss.client.put(`/api/admin/users/${user.id}/role`, { role: 'owner' });
    expect(response.status).toBe(400);
    expect((await response.json()).error.field).toBe('role');
  });

  it('a super admin cannot remove the last super admin', async () => {
    const fresh = await createTestApp();
    try {
      const only = await fresh.createUser({ role: 'super_admin' });
      const response = await only.client.put(`/api/admin/users/${only.id}/role`, { role: 'admin' });
      expect(response.status).toBe(409);
      expect((await response.json()).error).toMatchObject({ code: 'last_super_admin' });
      const [row] = await fresh.db.select().from(users).where(eq(users.id, only.id));
      expect(row!.role).toBe('super_admin');

      const second = await fresh.createUser({ role: 'super_admin' });
      await only.client.json(`/api/admin/users/${second.id}/role`, { method: 'PUT', json: { role: 'user' } });
      expect((await only.client.put(`/api/admin/users/${only.id}/role`, { role: 'user' })).status).toBe(409);
      expect(await fresh.db.select().from(auditLog)).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('chats of a user', () => {
  it('lists, opens read-only, renames and soft-deletes with an audit row each', async () => {
    const user = await t.createOnboardedUser();
    const chat = await insertChat(t, user.id, { title: 'Original', totalTokens: 42 });
    await insertMessage(t, chat, 'user', 'Hello there');
    await insertChat(t, user.id, { title: 'Deleted', deletedAt: new Date() });

    const { chats: list } = await boss.client.json(`/api/admin/users/${user.id}/chats`);
    expect(list).toMatchObject([{ id: chat.id, title: 'Original', totalTokens: 42 }]);
    // The read-only view (?ia=1) is the consultation's chat route, open to super admins.
    const openedAt = Date.now();
    const opened = await boss.client.json(`/api/chats/${chat.id}?ia=1`);
    expect(opened).toMatchObject({ chat: { id: chat.id } });
    expect(JSON.stringify(opened)).toContain('Hello there');
    // Opening it is audited, and the audit log screen's list shows who read whose chat, and when.
    const { entries } = await boss.client.json(`/api/admin/audit?target=${user.id}`);
    expect(entries).toMatchObject([
      {
        action: 'chat.read_only_view',
        actorId: boss.id,
        actorEmail: boss.email,
        targetType: 'user',
        targetId: user.id,
        after: { chatId: chat.id },
      },
      { action: 'user.read_chats', actorId: boss.id, targetType: 'user', targetId: user.id },
    ]);
    expect(Date.parse(entries[0].createdAt)).toBeGreaterThanOrEqual(openedAt - 1000);

    await boss.client.json(`/api/admin/chats/${chat.id}`, {
      method: 'PATCH',
      json: { title: 'Staff title' },
    });
    await boss.client.json(`/api/admin/chats/${chat.id}`, { method: 'DELETE' });
    const [row] = await t.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row).toMatchObject({ title: 'Staff title' });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect((await auditFor(chat.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['chat.delete', { title: 'Staff title', userId: user.id, deleted: false }, { deleted: true }],
      ['chat.rename', { title: 'Original', userId: user.id }, { title: 'Staff title' }],
    ]);

    expect((await boss.client.get(`/api/chats/${chat.id}?ia=1`)).status).toBe(404);
    expect((await boss.client.delete(`/api/admin/chats/${chat.id}`)).status).toBe(404);
    expect((await boss.client.patch(`/api/admin/chats/${MISSING_UUID}`, { title: 'x' })).status).toBe(404);
    expect((await boss.client.patch(`/api/admin/chats/${chat.id}`, { title: 'x'.repeat(201) })).status).toBe(
      400,
    );
  });
});

describe('tickets lifecycle', () => {
  it('user files, super admin replies (the user is mailed), user answers, super admin resolves', async () => {
    const user = await t.createOnboardedUser();
    const { ticket } = await user.client.json(
      '/api/support/tickets',
      { method: 'POST', json: { subject: 'Export', message: 'My PDF is blank' } },
      201,
    );
    expect((await boss.client.json(`/api/admin/users/${user.id}`)).unresolvedTickets).toBe(1);

    await boss.client.json(
      `/api/admin/tickets/${ticket.id}/replies`,
      { method: 'POST', json: { message: 'Fixed it, try again' } },
      201,
    );
    const [mail] = await t.mailsTo(user.email);
    expect(mail).toMatchObject({ kind: 'support-reply', subject: 'Re: Export' });
    expect(mail!.text).toContain('Fixed it, try again');
    expect(mail!.text).toContain('/profile?tab=support');

    await user.client.post(`/api/support/tickets/${ticket.id}/replies`, { message: 'Works now, thanks' });
    expect(
      await boss.client.json(`/api/admin/tickets/${ticket.id}/resolve`, { method: 'POST' }),
    ).toMatchObject({
      ticket: { id: ticket.id, resolved: true },
    });

    const { tickets } = await user.client.json('/api/support/tickets');
    expect(tickets[0]).toMatchObject({
      resolved: true,
      replies: [
        { authorRole: 'support', message: 'Fixed it, try again' },
        { authorRole: 'user', message: 'Works now, thanks' },
      ],
    });
    expect((await boss.client.json(`/api/admin/users/${user.id}`)).unresolvedTickets).toBe(0);
    expect((await auditFor(ticket.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ['ticket.resolve', { resolved: false }, { resolved: true }],
      ['ticket.reply', null, { replyId: expect.any(String), message: 'Fixed it, try again' }],
    ]);
  });

  it('answers 404 for unknown tickets and 400 for blank or oversized replies', async () => {
    expect((await boss.client.post(`/api/admin/tickets/${MISSING_UUID}/resolve`)).status).toBe(404);
    expect(
      (await boss.client.post(`/api/admin/tickets/${MISSING_UUID}/replies`, { message: 'Hi' })).status,
    ).toBe(404);
    const user = await t.createUser();
    const ticket = await insertTicket(t, user.id);
    for (const message of ['', ' ', 'x'.repeat(5001)]) {
      expect((await boss.client.post(`/api/admin/tickets/${ticket.id}/replies`, { message })).status).toBe(
        400,
      );
    }
    const [row] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, ticket.id));
    expect(row!.resolved).toBe(false);
  });
});

describe('background jobs view', () => {
  it('shows each job’s waiting and failed counts and its schedule', async () => {
    await t.deps.jobs.send(MAIL_RETRY_JOB, { outboxId: MISSING_UUID }, { delaySeconds: 3600 });
    // A weekly run that cannot work out its week fails each try, then for good.
    await t.deps.jobs.send(WEEKLY_EMAIL_JOB, { at: 'not a time' });
    for (let attempt = 0; attempt < 3; attempt++) {
      await makeWaitingJobsDue(t.db, WEEKLY_EMAIL_JOB);
      expect(await t.deps.jobs.runQueued(WEEKLY_EMAIL_JOB)).toBe(1);
    }
    const { queues } = await boss.client.json('/api/admin/jobs');
    const queue = (name: string) => queues.find((q: { name: string }) => q.name === name);
    expect(queue(MAIL_RETRY_JOB)).toMatchObject({
      waiting: 1,
      running: 0,
      failedLast24h: 0,
      schedule: MAIL_SWEEP_SCHEDULE,
    });
    expect(queue(WEEKLY_EMAIL_JOB)).toMatchObject({
      waiting: 0,
      failedLast24h: 1,
      schedule: '5 * * * *',
      lastRunAt: null,
    });
    expect(queue(INDEX_MIGRATED_VIDEOS_JOB)).toMatchObject({ waiting: 0, failedLast24h: 0 });
  });
});

describe('waitlist and audit log views', () => {
  it('lists the waitlist newest first', async () => {
    await t.client().post('/api/waitlist', { email: 'first@example.com' });
    await t.db
      .insert(waitlist)
      .values({ email: 'second@example.com', createdAt: new Date(Date.now() + 1000) });
    const body = await boss.client.json('/api/admin/waitlist');
    expect(body.entries.map((e: { email: string }) => e.email).slice(0, 2)).toEqual([
      'second@example.com',
      'first@example.com',
    ]);
    expect(body.total).toBeGreaterThanOrEqual(2);
  });

  it('lists the audit log newest first, filtered by actor (id or e-mail) or target', async () => {
    const target = await t.createUser();
    const otherBoss = await t.createUser({ role: 'super_admin' });
    await boss.client.put(`/api/admin/users/${target.id}/role`, { role: 'admin' });
    await otherBoss.client.put(`/api/admin/users/${target.id}/role`, { role: 'user' });

    const byTarget = await boss.client.json(`/api/admin/audit?target=${target.id}`);
    expect(byTarget.entries.map((e: { actorEmail: string }) => e.actorEmail)).toEqual([
      otherBoss.email,
      boss.email,
    ]);
    const byActorEmail = await boss.client.json(
      `/api/admin/audit?actor=${encodeURIComponent(otherBoss.email.toUpperCase())}`,
    );
    expect(byActorEmail.entries).toHaveLength(1);
    const byActorId = await boss.client.json(`/api/admin/audit?actor=${otherBoss.id}&target=${target.id}`);
    expect(byActorId.entries).toMatchObject([{ action: 'user.set_role', after: { role: 'user' } }]);
    expect((await boss.client.json('/api/admin/audit?actor=nobody')).entries).toEqual([]);
  });
});
