import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../shared/schemas/password';
import { PRUNE_RATE_LIMIT_COUNTERS_JOB } from '../background-jobs';
import { requestLimits, users } from '../db/schema';
import { uniqueEmail } from '../testing/fixtures';
import { expectRateLimited, setCounter } from '../testing/rate-limits';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestUser } from '../testing/test-app';
import { accountAtAddressKey, RATE_LIMITS, SIGN_IN_FAILURES, signInPausedMessage } from './rate-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
});
afterAll(() => t.close());

/** Sets a counter as if `count` requests had come in this window (the window started `ago` seconds back). */
const fillCounter = (action: string, subject: string, count: number, ago = 0) =>
  setCounter(t.db, { action, subject, count, ago });

/** The user's session, sent from another client address. */
function clientAt(ip: string, user: TestUser) {
  const client = t.client(ip);
  for (const [name, value] of user.client.cookies) client.cookies.set(name, value);
  return client;
}

describe('costly writes are limited per user and per client address', () => {
  let maya: TestUser;
  let sam: TestUser;
  beforeAll(async () => {
    maya = await t.createOnboardedUser();
    sam = await t.createOnboardedUser();
  });

  it('support tickets: 10 an hour per user, then 429 with Retry-After; another user is not affected', async () => {
    const { perUser, windowSeconds } = RATE_LIMITS['support-ticket'];
    const client = clientAt('198.51.100.1', maya);
    for (let i = 0; i < perUser; i++) {
      expect((await client.post('/api/support/tickets', { message: `Help ${i}` })).status).toBe(201);
    }
    await expectRateLimited(
      await client.post('/api/support/tickets', { message: 'One more' }),
      windowSeconds,
    );
    expect((await sam.client.post('/api/support/tickets', { message: 'Mine' })).status).toBe(201);

    // When the window is over, the user may write again.
    await fillCounter('support-ticket', `user:${maya.id}`, perUser, windowSeconds + 1);
    expect((await client.post('/api/support/tickets', { message: 'Next hour' })).status).toBe(201);
  });

  it('one address is limited across the users behind it', async () => {
    const ip = '198.51.100.2';
    await fillCounter('support-ticket', `ip:${ip}`, RATE_LIMITS['support-ticket'].perIp);
    const client = clientAt(ip, sam);
    await expectRateLimited(await client.post('/api/support/tickets', { message: 'Hi' }), 3600);
  });

  it('the waitlist, open to anyone, is limited per address', async () => {
    const client = t.client('198.51.100.3');
    for (let i = 0; i < RATE_LIMITS.waitlist.perIp; i++) {
      expect((await client.post('/api/waitlist', { email: uniqueEmail('wait') })).status).toBe(200);
    }
    await expectRateLimited(await client.post('/api/waitlist', { email: uniqueEmail('wait') }), 3600);
    expect(
      (await t.client('198.51.100.4').post('/api/waitlist', { email: uniqueEmail('wait') })).status,
    ).toBe(200);
  });

  it('keeps the counters in the database, each user’s erased with the account', async () => {
    const user = await t.createOnboardedUser();
    await user.client.post('/api/support/tickets', { message: 'Counted' });
    const mine = () => t.db.select().from(requestLimits).where(eq(requestLimits.userId, user.id));
    expect(await mine()).toMatchObject([{ action: 'support-ticket', subject: `user:${user.id}`, count: 1 }]);
    expect((await user.client.delete('/api/account', { password: user.password })).status).toBe(200);
    expect(await mine()).toEqual([]);
  });

  it('an hourly job deletes the counters whose window is over; a counter still counting stays', async () => {
    const subject = (name: string) => `ip:prune-${name}-${randomUUID()}`;
    const [ended, endedLongAgo, counting] = [subject('ended'), subject('old'), subject('counting')];
    await fillCounter('support-ticket', ended, 10, 3600);
    await fillCounter('support-ticket', endedLongAgo, 3, 30 * 24 * 3600);
    await fillCounter('support-ticket', counting, 10, 3500);
    await t.deps.jobs.send(PRUNE_RATE_LIMIT_COUNTERS_JOB);
    expect(await t.deps.jobs.runQueued(PRUNE_RATE_LIMIT_COUNTERS_JOB)).toBe(1);
    const left = await t.db
      .select({ subject: requestLimits.subject, count: requestLimits.count })
      .from(requestLimits)
      .where(sql`${requestLimits.subject} like 'ip:prune-%'`);
    expect(left).toEqual([{ subject: counting, count: 10 }]);
  });
});

describe('password sign-in slows down per account and client address', () => {
  const signIn = (ip: string, email: string, password: string) =>
    t.client(ip).post('/api/auth/sign-in/email', { email, password });

  async function expectPausedWithOneTimeCode(response: Response) {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_FAILURES.windowSeconds);
    const body = await response.json();
    expect(body.error).toEqual({
      code: 'rate_limited',
      message: signInPausedMessage(retryAfter),
      offerOneTimeCode: true,
    });
    expect(body.error.message).toMatch(/one-time code/);
  }

  it('5 wrong passwords from one address pause that address for that account only; the owner elsewhere signs in', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const attacker = '203.0.113.20';
    for (let i = 0; i < SIGN_IN_FAILURES.limit; i++) {
      expect((await signIn(attacker, user.email.toUpperCase(), `wrong-${i}`)).status).toBe(401);
    }
    await expectPausedWithOneTimeCode(await signIn(attacker, user.email, TEST_PASSWORD));
    expect((await signIn(attacker, other.email, TEST_PASSWORD)).status).toBe(200);
    expect((await signIn('203.0.113.40', user.email, TEST_PASSWORD)).status).toBe(200);
    const magicLink = await t.client(attacker).post('/api/auth/sign-in/magic-link', {
      email: user.email,
      callbackURL: '/dashboard',
    });
    expect(magicLink.status).toBe(200);
    // The stored key is a hash: the typed address is not kept.
    const rows = await t.db.select().from(requestLimits).where(eq(requestLimits.action, 'sign-in-failures'));
    expect(JSON.stringify(rows)).not.toContain(user.email.split('@')[0]);
  });

  it('guesses spread over many addresses never pause the owner', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 3 * SIGN_IN_FAILURES.limit; i++) {
      expect((await signIn(`203.0.113.${100 + i}`, user.email, `wrong-${i}`)).status).toBe(401);
    }
    expect((await signIn('203.0.113.99', user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('8 parallel wrong guesses from one address: at most 5 reach the password check, the rest get 429', async () => {
    const user = await t.createUser();
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => signIn('203.0.113.60', user.email, `wrong-${i}`)),
    );
    const statuses = guesses.map((guess) => guess.status).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    for (const guess of guesses.filter((g) => g.status === 429)) await expectPausedWithOneTimeCode(guess);
  });

  it('a form-encoded sign-in is refused before it counts or checks a password', async () => {
    const user = await t.createUser();
    for (let i = 0; i < SIGN_IN_FAILURES.limit + 2; i++) {
      const attempt = await t.client('203.0.113.70').request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: user.email, password: `wrong-${i}` }).toString(),
      });
      expect(attempt.status).toBe(415);
    }
    expect((await signIn('203.0.113.70', user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('the pause ends with its window, and a success clears the count', async () => {
    const user = await t.createUser();
    const ip = '203.0.113.50';
    const key = accountAtAddressKey(user.email, ip);
    const fail = () => signIn(ip, user.email, 'wrong-password');
    for (let i = 0; i < SIGN_IN_FAILURES.limit; i++) expect((await fail()).status).toBe(401);
    await fillCounter('sign-in-failures', key, SIGN_IN_FAILURES.limit, SIGN_IN_FAILURES.windowSeconds + 1);
    expect((await signIn(ip, user.email, TEST_PASSWORD)).status).toBe(200);
    expect(await t.db.select().from(requestLimits).where(eq(requestLimits.subject, key))).toEqual([]);
    expect((await fail()).status).toBe(401);
    const [row] = await t.db
      .select({ count: requestLimits.count })
      .from(requestLimits)
      .where(and(eq(requestLimits.action, 'sign-in-failures'), eq(requestLimits.subject, key)));
    expect(row?.count).toBe(1);
  });
});

describe("Better Auth's own limits", () => {
  it('answer 429 with a standard Retry-After, the same wait as its X-Retry-After', async () => {
    const client = t.client('203.0.113.80');
    const ask = () => client.post('/api/auth/request-password-reset', { email: uniqueEmail('reset-flood') });
    let response = await ask();
    while (response.status === 200) response = await ask();
    expect(response.status).toBe(429);
    const wait = response.headers.get('x-retry-after');
    expect(Number(wait)).toBeGreaterThan(0);
    expect(response.headers.get('retry-after')).toBe(wait);
  });
});

describe('common passwords', () => {
  it('are refused at sign-up with a clear message, nothing stored; the 6-character rule is unchanged', async () => {
    const email = uniqueEmail('common');
    for (const password of ['password1', 'Qwerty123', 'iloveyou']) {
      const response = await t.client().post('/api/auth/sign-up/email', { email, password, name: '' });
      expect(response.status, password).toBe(400);
      expect(await response.json()).toEqual({
        error: {
          code: 'invalid_input',
          message: `password: ${PASSWORD_MESSAGES.tooCommon}`,
          field: 'password',
        },
      });
    }
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    const short = await t.client().post('/api/auth/sign-up/email', { email, password: 'zq9x!', name: '' });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe('Password too short');
  });

  it('are refused as a new password, and the old one still signs in', async () => {
    const user = await t.createUser();
    const response = await user.client.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'letmein1',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.field).toBe('newPassword');
    expect(
      (
        await t
          .client('203.0.113.60')
          .post('/api/auth/sign-in/email', { email: user.email, password: TEST_PASSWORD })
      ).status,
    ).toBe(200);
  });
});
