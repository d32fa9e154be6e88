import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import * as schema from '../../db/schema';
import { subscribeWithTestCard } from '../../testing/billing';
import { SAMPLE_PROFILE } from '../../testing/fixtures';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { recordAudit } from '../audit/audit.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every table of the schema (a new table is covered without touching this test). */
const TABLES: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

/** The tables holding a row that names the user (id or e-mail, in any column). */
async function tablesNaming(db: Executor, user: { id: string; email: string }) {
  const found: string[] = [];
  for (const table of TABLES) {
    const rows = await db.select().from(table);
    if (
      rows.some((row) => JSON.stringify(row).includes(user.id) || JSON.stringify(row).includes(user.email))
    ) {
      found.push(getTableConfig(table).name);
    }
  }
  return found;
}

/** A user with a row in as many tables as the product writes for a user. */
async function userWithEverything() {
  const user = await t.createUser({ profile: true });
  await subscribeWithTestCard(user);
  const [chat] = await t.db
    .insert(schema.chats)
    .values({ userId: user.id, transcript: 'We talk about pricing.', title: 'Pricing' })
    .returning();
  await t.db
    .insert(schema.chatMessages)
    .values({ chatId: chat!.id, userId: user.id, role: 'user', content: 'Hi' });
  await t.db
    .insert(schema.usageMonths)
    .values({ userId: user.id, month: '2026-11', tokens: 120, messages: 1 });
  const [ticket] = await t.db
    .insert(schema.supportTickets)
    .values({ userId: user.id, subject: 'General Inquiry', message: 'Help' })
    .returning();
  await t.db
    .insert(schema.supportTicketReplies)
    .values({ ticketId: ticket!.id, authorId: user.id, authorRole: 'user', message: 'More' });
  await t.db.insert(schema.waitlist).values({ email: user.email });
  // As an actor and as a target in the audit log.
  const admin = await t.createUser({ role: 'super_admin' });
  await recordAudit(t.db, user, { action: 'chat.rename', targetType: 'chat', targetId: chat!.id });
  await recordAudit(t.db, admin, { action: 'user.set_role', targetType: 'user', targetId: user.id });
  // Pending tokens: a one-time code (keyed by e-mail) and a password reset (keyed by user id).
  await t.client().post('/api/auth/email-otp/send-verification-otp', { email: user.email, type: 'sign-in' });
  await t
    .client()
    .post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/dashboard/reset-password' });
  return user;
}

describe('account deletion', () => {
  it('leaves no row of the user in any table, and keeps everyone else’s', async () => {
    const user = await userWithEverything();
    const bystander = await userWithEverything();
    const before = await tablesNaming(t.db, user);
    expect(before).toEqual(
      expect.arrayContaining([
        'user',
        'session',
        'account',
        'profiles',
        'subscriptions',
        'payment_methods',
        'billing_events',
        'chats',
        'chat_messages',
        'usage_months',
        'support_tickets',
        'outbox_emails',
        'audit_log',
        'verification',
        'waitlist',
      ]),
    );

    const response = await user.client.request('/api/account', { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });

    expect(await tablesNaming(t.db, user)).toEqual([]);
    expect(await tablesNaming(t.db, bystander)).toEqual(expect.arrayContaining(before));
    // The audit trail stays, without naming the deleted user.
    const audits = await t.db.select().from(schema.auditLog);
    expect(audits.some((row) => row.action === 'chat.rename' && row.actorId === null)).toBe(true);
  });

  it('removes only the deleted user’s one-time codes, even for look-alike addresses', async () => {
    const stamp = Date.now();
    const user = await t.createUser({ email: `maya_${stamp}@example.com` });
    const lookAlikes = [`mayax${stamp}@example.com`, `amaya_${stamp}@example.com`];
    for (const email of [user.email, ...lookAlikes]) {
      await t.client().post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    }
    expect((await user.client.request('/api/account', { method: 'DELETE' })).status).toBe(200);
    const codes = (await t.db.select().from(schema.verifications)).map((row) => row.identifier);
    expect(codes.filter((id) => id.endsWith(`-otp-${user.email}`))).toEqual([]);
    for (const email of lookAlikes) expect(codes).toContain(`sign-in-otp-${email}`);
  });

  it('signs the user out for good: the session is gone and the password no longer works', async () => {
    const user = await t.createOnboardedUser();
    await user.client.request('/api/account', { method: 'DELETE' });
    expect((await user.client.get('/api/me')).status).toBe(401);
    const signIn = await t
      .client()
      .post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(signIn.status).toBe(401);
  });

  it('needs a signed-in user and a same-site request', async () => {
    expect((await t.client().request('/api/account', { method: 'DELETE' })).status).toBe(401);
    const user = await t.createOnboardedUser();
    const crossSite = await user.client.request('/api/account', {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await user.client.get('/api/me')).status).toBe(200);
  });
});

describe('onboarding gates', () => {
  it('moves from complete-profile to onboarding to passed, and plan choice needs the profile', async () => {
    const user = await t.createUser();
    expect((await user.client.json('/api/me')).gate).toBe('complete-profile');
    const early = await user.client.post('/api/billing/checkout', { planId: 'pro' });
    expect(early.status).toBe(403);
    expect((await early.json()).error.code).toBe('profile_required');

    await user.client.json('/api/profile', { method: 'PUT', json: SAMPLE_PROFILE });
    expect((await user.client.json('/api/me')).gate).toBe('onboarding');
    await subscribeWithTestCard(user);
    expect(await user.client.json('/api/me')).toMatchObject({ gate: 'passed', subscriptionActive: true });
  });

  it('lets admins past the plan gate, never past the profile', async () => {
    const admin = await t.createUser({ role: 'admin' });
    expect((await admin.client.json('/api/me')).gate).toBe('complete-profile');
    const profiled = await t.createUser({ role: 'super_admin', profile: true });
    expect((await profiled.client.json('/api/me')).gate).toBe('passed');
  });
});

describe('change password (e-mail identities)', () => {
  it('needs the current password, then the new one signs in', async () => {
    const user = await t.createOnboardedUser();
    const wrong = await user.client.post('/api/auth/change-password', {
      currentPassword: 'not-my-password',
      newPassword: 'a-new-password',
    });
    expect(wrong.status).toBe(400);
    const short = await user.client.post('/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: '12345',
    });
    expect(short.status).toBe(400);
    const changed = await user.client.post('/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: 'a-new-password',
    });
    expect(changed.status).toBe(200);
    const signIn = await t
      .client()
      .post('/api/auth/sign-in/email', { email: user.email, password: 'a-new-password' });
    expect(signIn.status).toBe(200);
  });
});
