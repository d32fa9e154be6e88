import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../db/schema';
import { createManualChat } from '../testing/consult';
import { createTestApp, TEST_PASSWORD, type TestApp, type TestUser } from '../testing/test-app';
import type { TestClient } from '../testing/test-client';
import { toSessionUser } from './session';
import { createSessionMemo } from './session-memo';

/**
 * Decision 072: a plain read (GET) may take its session from Better Auth's signed cookie cache for at
 * most SESSION_CACHE_SECONDS; a request that changes something and every admin request read it from the
 * database, so that what ends a session ends it there at once.
 */

const CACHE_SECONDS = 30;
const CACHE_COOKIE = 'better-auth.session_data';
const TRANSCRIPT = '0:00\nRetention comes first for a bakery.';

let t: TestApp;
let boss: TestUser;
beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: String(CACHE_SECONDS) });
  boss = await t.createUser({ role: 'super_admin' });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** The same cookies in another client: a copy of a browser's session, kept after that browser signs out. */
function copyOf(client: TestClient): TestClient {
  const copy = t.client();
  for (const [name, value] of client.cookies) copy.cookies.set(name, value);
  return copy;
}

/** The same account signed in on another device: a session of its own, with its own cache cookie. */
async function otherDevice(user: TestUser): Promise<TestClient> {
  const device = t.client();
  const signIn = await device.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
  expect(signIn.status).toBe(200);
  return device;
}

const statusOf = async (response: Promise<Response>) => (await response).status;
/** A plain read: the cache may answer it. */
const read = (client: TestClient) => statusOf(client.get('/api/me'));
/** A request that changes something: the database answers whose session it is. */
const change = (client: TestClient) =>
  statusOf(client.patch('/api/account/settings', { timeZone: 'Europe/Paris' }));
/** An admin request: the database answers it too. */
const adminRead = (client: TestClient) => statusOf(client.get('/api/admin/users'));

/** Moves the clock (only `Date`: the database and the server's timers run on) past the cache's age. */
function passTheCacheAge() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + (CACHE_SECONDS + 1) * 1000);
}

describe('a plain read', () => {
  it('takes the session from its cookie, whose age is bounded by the cookie and by the server', async () => {
    const signIn = await t.client().post('/api/auth/sign-in/email', {
      email: boss.email,
      password: boss.password,
    });
    const cacheCookie = signIn.headers.getSetCookie().find((cookie) => cookie.startsWith(`${CACHE_COOKIE}=`));
    // The browser forgets it after its age.
    expect(cacheCookie).toMatch(new RegExp(`Max-Age=${CACHE_SECONDS}\\b`, 'i'));
    expect(cacheCookie).toMatch(/HttpOnly/i);

    const user = await t.createUser();
    const kept = copyOf(user.client);
    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    // Within its age, a read is answered from the cache: the session's end shows on reads at most
    // SESSION_CACHE_SECONDS later (the bound decision 072 accepts).
    expect(await read(kept)).toBe(200);
    // A client that keeps the cookie past its age (the browser would not) is read from the database.
    passTheCacheAge();
    expect(await read(kept)).toBe(401);
  });

  it('reads the database when the cache is off (SESSION_CACHE_SECONDS=0)', async () => {
    const off = await createTestApp({ SESSION_CACHE_SECONDS: '0' });
    try {
      const user = await off.createUser();
      expect([...user.client.cookies.keys()]).not.toContain(CACHE_COOKIE);
      await off.db.delete(sessions).where(eq(sessions.userId, user.id));
      expect((await user.client.get('/api/me')).status).toBe(401);
    } finally {
      await off.close();
    }
  });
});

describe('what ends a session ends it at once for requests that change something and admin requests', () => {
  /**
   * A browser's cookies as they are now, its session cached in them: each check below runs from a copy,
   * as a request that changes something drops the cache from the client that sent it.
   */
  async function cachedSessionOf(client: TestClient) {
    expect(await read(client)).toBe(200);
    expect(client.cookies.has(CACHE_COOKIE)).toBe(true);
    const kept = copyOf(client);
    return () => copyOf(kept);
  }

  it('a sign-out: a copy of the signed-out browser is refused', async () => {
    const user = await t.createUser();
    const kept = await cachedSessionOf(user.client);
    expect((await user.client.post('/api/auth/sign-out')).status).toBe(200);
    expect(await change(kept())).toBe(401);
    // Better Auth's own endpoints that change something read the database too.
    expect((await kept().post('/api/auth/update-user', { name: 'Someone Else' })).status).toBe(401);
  });

  it("a password change: the account's other sessions are refused, the one that changed it goes on", async () => {
    const user = await t.createUser();
    const other = await cachedSessionOf(await otherDevice(user));
    const changed = await user.client.post('/api/auth/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'another-horse-43',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    expect(await change(other())).toBe(401);
    expect(await change(user.client)).toBe(200);
  });

  it("a ban: the banned user's sessions are refused", async () => {
    const user = await t.createUser({ role: 'super_admin' });
    expect(await adminRead(user.client)).toBe(200);
    const kept = await cachedSessionOf(user.client);
    await t.deps.auth.api.banUser({
      body: { userId: user.id, banReason: 'test' },
      headers: new Headers({ cookie: boss.client.cookieHeader() }),
    });
    expect(await change(kept())).toBe(401);
    expect(await adminRead(kept())).toBe(401);
  });

  it('a role change: a demoted admin is refused on admin routes, a promoted user let in', async () => {
    const demoted = await t.createUser({ role: 'super_admin' });
    const user = await t.createUser();
    // A staff read of another user's consultation (`?ia=1`) is an admin request on a user's route.
    const staffRead = `/api/chats/${await createManualChat(await t.createOnboardedUser(), TRANSCRIPT)}?ia=1`;
    expect(await adminRead(demoted.client)).toBe(200);
    expect(await statusOf(demoted.client.get(staffRead))).toBe(200);
    expect(await adminRead(user.client)).toBe(403);
    const [keptDemoted, keptUser] = [
      await cachedSessionOf(demoted.client),
      await cachedSessionOf(user.client),
    ];
    for (const [who, role] of [
      [demoted, 'user'],
      [user, 'super_admin'],
    ] as const) {
      await boss.client.json(`/api/admin/users/${who.id}/role`, { method: 'PUT', json: { role } });
    }
    expect(await adminRead(keptDemoted())).toBe(403);
    expect(await statusOf(keptDemoted().get(staffRead))).toBe(404);
    expect(await adminRead(keptUser())).toBe(200);
  });

  it("an account deletion: the account's other sessions are refused", async () => {
    const user = await t.createUser();
    const other = await cachedSessionOf(await otherDevice(user));
    await user.client.json('/api/account', { method: 'DELETE', json: { password: TEST_PASSWORD } });
    expect(await change(other())).toBe(401);
    // A plain read too: the account it names is gone.
    expect(await read(other())).toBe(401);
  });
});

describe("a user's own change", () => {
  it('shows on their next read: the response to a change drops the cached session', async () => {
    const user = await t.createUser({ profile: true });
    expect(await user.client.json('/api/me')).toMatchObject({ gate: 'onboarding', plan: null });
    const chosen = await user.client.post('/api/billing/free-plan', { planId: 'free' });
    expect(chosen.status).toBe(200);
    expect(chosen.headers.getSetCookie().find((c) => c.startsWith(`${CACHE_COOKIE}=`))).toMatch(/Max-Age=0/i);
    expect(await user.client.json('/api/me')).toMatchObject({ gate: 'passed', plan: { id: 'free' } });
  });

  it('shows on their next read when it is held in the cached session: a super admin steps down', async () => {
    const user = await t.createUser({ role: 'super_admin' });
    expect((await user.client.json('/api/me')).role).toBe('super_admin');
    await user.client.json(`/api/admin/users/${user.id}/role`, { method: 'PUT', json: { role: 'admin' } });
    expect((await user.client.json('/api/me')).role).toBe('admin');
  });

  it("shows on their next read when Better Auth's own endpoint made it", async () => {
    const user = await t.createUser();
    await user.client.json('/api/auth/update-user', { method: 'POST', json: { firstName: 'Grace' } });
    expect((await user.client.json('/api/me')).firstName).toBe('Grace');
  });
});

describe('a plain read whose cookies this process has verified (decision 074)', () => {
  const TOKEN_COOKIE = 'better-auth.session_token';

  it('is answered for the session those cookies name, and its account is read afresh', async () => {
    const user = await t.createUser({ profile: true });
    const kept = copyOf(user.client);
    expect(await kept.json('/api/me')).toMatchObject({ gate: 'onboarding', plan: null });
    expect(await kept.json('/api/me')).toMatchObject({ id: user.id, gate: 'onboarding' });
    expect((await user.client.post('/api/billing/free-plan', { planId: 'free' })).status).toBe(200);
    // The same cookies as before the change: the session is the one verified, the plan is today's.
    expect(await kept.json('/api/me')).toMatchObject({ id: user.id, gate: 'passed', plan: { id: 'free' } });
  });

  it("never lends one user's cache cookie to another's session", async () => {
    const [owner, other] = [await t.createUser(), await t.createUser()];
    expect(await read(other.client)).toBe(200);
    expect(await read(other.client)).toBe(200);
    const mixed = t.client();
    mixed.cookies.set(TOKEN_COOKIE, owner.client.cookies.get(TOKEN_COOKIE)!);
    mixed.cookies.set(CACHE_COOKIE, other.client.cookies.get(CACHE_COOKIE)!);
    expect((await mixed.json('/api/me')).id).toBe(owner.id);
  });

  it('keeps a bounded number of sessions, the oldest going first', async () => {
    const memo = createSessionMemo(t.deps.auth.options, 1);
    const [first, second] = [await t.createUser(), await t.createUser()];
    const remembered = async (who: TestUser) => {
      const cookie = who.client.cookieHeader();
      const key = memo.keyOf(Object.fromEntries(who.client.cookies))!;
      const session = await t.deps.auth.api.getSession({ headers: new Headers({ cookie }) });
      await memo.remember(key, new Headers({ cookie }), {
        user: toSessionUser(session!.user),
        sessionId: session!.session.id,
        expiresAt: session!.session.expiresAt,
      });
      return key;
    };
    const firstKey = await remembered(first);
    expect(memo.find(firstKey)?.user.id).toBe(first.id);
    const secondKey = await remembered(second);
    expect(memo.find(secondKey)?.user.id).toBe(second.id);
    expect(memo.find(firstKey)).toBeNull();
  });
});
