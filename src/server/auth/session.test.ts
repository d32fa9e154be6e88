import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../context';
import { sessions, users } from '../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app';
import { sessionMiddleware } from './middleware';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_COOKIE = 'better-auth.session_token';
const SIGNED_OUT = { user: null, sessionId: null };

let t: TestApp;
/** The session middleware alone: what it sets for the handlers of a request with these cookies. */
let probe: Hono<AppEnv>;
beforeAll(async () => {
  t = await createTestApp();
  probe = new Hono<AppEnv>()
    .use(sessionMiddleware(t.deps.auth, t.deps.config.SESSION_MEMO_ENTRIES))
    .get('/', (c) => c.json({ user: c.get('user'), sessionId: c.get('sessionId') }));
});
afterAll(() => t.close());

async function readSession(cookie: string) {
  const response = await probe.request('/', { headers: { cookie } });
  return (await response.json()) as {
    user: { id: string; role: string; [field: string]: unknown } | null;
    sessionId: string | null;
  };
}

/**
 * The cookies a browser sends once its cached session has passed its age (decision 072): the session
 * token alone, so the session is read from the database.
 */
function cookiesPastTheCacheAge(user: TestUser) {
  return `${SESSION_COOKIE}=${user.client.cookies.get(SESSION_COOKIE)}`;
}

async function sessionRow(user: TestUser) {
  const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
  return row!;
}

describe('the session of a request', () => {
  it('gives the signed-in user with the fields our server reads, and the session id', async () => {
    const user = await t.createUser({ name: 'Ada Lovelace', freePlan: 'free' });
    const read = await readSession(user.client.cookieHeader());
    expect(read.user).toMatchObject({
      id: user.id,
      email: user.email,
      role: 'user',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(read.sessionId).toBe((await sessionRow(user)).id);
    expect(await readSession('theme=dark')).toEqual(SIGNED_OUT);
  });

  it('sees a changed role and a signed-out session on the next request that reads the database', async () => {
    const user = await t.createUser();
    const cookie = cookiesPastTheCacheAge(user);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    expect((await readSession(cookie)).user?.role).toBe('admin');

    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await readSession(cookie)).toEqual(SIGNED_OUT);
  });

  it('refuses a token whose signature does not hold', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const signedTokenOf = (signedIn: TestUser) => {
      const signed = decodeURIComponent(signedIn.client.cookies.get(SESSION_COOKIE)!);
      const dot = signed.lastIndexOf('.');
      return { token: signed.slice(0, dot), signature: signed.slice(dot + 1) };
    };
    const { token, signature } = signedTokenOf(user);
    const middle = signature.length / 2;
    const changed = signature[middle] === 'A' ? 'B' : 'A';
    for (const forged of [
      // another live session's token under this one's signature
      `${signedTokenOf(other).token}.${signature}`,
      `${token}.${signature.slice(0, middle)}${changed}${signature.slice(middle + 1)}`,
      token,
    ]) {
      expect(await readSession(`${SESSION_COOKIE}=${encodeURIComponent(forged)}`)).toEqual(SIGNED_OUT);
    }
    expect((await readSession(user.client.cookieHeader())).user?.id).toBe(user.id);
  });

  it('signs out an expired session and deletes it', async () => {
    const user = await t.createUser();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, user.id));
    expect(await readSession(cookiesPastTheCacheAge(user))).toEqual(SIGNED_OUT);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('extends a session by 30 days a day after its last extension, and not before', async () => {
    const user = await t.createUser();
    const { expiresAt } = await sessionRow(user);
    const almostADayOld = new Date(expiresAt.getTime() - DAY_MS + 60_000);
    await t.db.update(sessions).set({ expiresAt: almostADayOld }).where(eq(sessions.userId, user.id));
    expect((await readSession(cookiesPastTheCacheAge(user))).user?.id).toBe(user.id);
    expect((await sessionRow(user)).expiresAt).toEqual(almostADayOld);

    const aDayAndAMinuteOld = new Date(expiresAt.getTime() - DAY_MS - 60_000);
    await t.db.update(sessions).set({ expiresAt: aDayAndAMinuteOld }).where(eq(sessions.userId, user.id));
    const response = await probe.request('/', { headers: { cookie: cookiesPastTheCacheAge(user) } });
    expect((await response.json()).user?.id).toBe(user.id);
    expect((await sessionRow(user)).expiresAt.getTime()).toBeGreaterThan(Date.now() + 30 * DAY_MS - 60_000);
    // The browser's cookie is renewed with it.
    const renewed = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
    expect(renewed).toMatch(/Max-Age=2592000/i);
  });
});
