import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppEnv } from '../context';
import { sessions, users } from '../db/schema';
import { createTestApp, type TestApp, type TestUser } from '../testing/test-app';
import type { TestClient } from '../testing/test-client';
import { sessionMiddleware } from './middleware';
import { toSessionUser } from './session';

const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_COOKIE = 'better-auth.session_token';

let t: TestApp;
/** The session middleware alone: what it sets for the handlers of a request with these cookies. */
let probe: Hono<AppEnv>;
beforeAll(async () => {
  t = await createTestApp();
  probe = new Hono<AppEnv>()
    .use(sessionMiddleware(t.deps.auth, t.db))
    .get('/', (c) => c.json({ user: c.get('user'), sessionId: c.get('sessionId') }));
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

const cookieOf = (user: TestUser) => user.client.cookieHeader();

async function readSession(cookie: string) {
  const response = await probe.request('/', { headers: { cookie } });
  return (await response.json()) as { user: { id: string; role: string } | null; sessionId: string | null };
}

/** What Better Auth's own lookup gives for the same cookie, as the middleware would set it. */
async function betterAuthSession(cookie: string) {
  const result = await t.deps.auth.api.getSession({ headers: new Headers({ cookie }) });
  return result
    ? JSON.parse(JSON.stringify({ user: toSessionUser(result.user), sessionId: result.session.id }))
    : null;
}

function signedTokenOf(signedIn: TestUser | TestClient) {
  const client = 'client' in signedIn ? signedIn.client : signedIn;
  const signed = decodeURIComponent(client.cookies.get(SESSION_COOKIE)!);
  const dot = signed.lastIndexOf('.');
  return { token: signed.slice(0, dot), signature: signed.slice(dot + 1) };
}

async function sessionRow(user: TestUser) {
  const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
  return row!;
}

describe('reading the session of a request', () => {
  it('reads a live session itself, with the same user and session as Better Auth gives', async () => {
    const user = await t.createUser({ name: 'Ada Lovelace', freePlan: 'free' });
    const cookie = cookieOf(user);
    const expected = await betterAuthSession(cookie);
    expect(expected.user).toMatchObject({
      id: user.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      freePlanId: 'free',
    });
    const betterAuthLookup = vi.spyOn(t.deps.auth.api, 'getSession');
    const relationalQuery = vi.spyOn(t.db.query.sessions, 'findFirst');

    expect(await readSession(cookie)).toEqual(expected);
    expect(betterAuthLookup).not.toHaveBeenCalled();
    expect(relationalQuery).not.toHaveBeenCalled();
  });

  it('sees a changed role and a signed-out session on the next request', async () => {
    const user = await t.createUser();
    const cookie = cookieOf(user);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id));
    expect((await readSession(cookie)).user?.role).toBe('admin');

    await t.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect(await readSession(cookie)).toEqual({ user: null, sessionId: null });
  });

  it('refuses a token whose signature does not hold, as Better Auth does', async () => {
    const user = await t.createUser();
    const other = await t.createUser();
    const { token, signature } = signedTokenOf(user);
    const middle = signature.length / 2;
    const changed = signature[middle] === 'A' ? 'B' : 'A';
    for (const forged of [
      // another live session's token under this one's signature
      `${signedTokenOf(other).token}.${signature}`,
      `${token}.${signature.slice(0, middle)}${changed}${signature.slice(middle + 1)}`,
      `${token}.${signature.replace(/=$/, '')}`,
      token,
    ]) {
      const cookie = `${SESSION_COOKIE}=${encodeURIComponent(forged)}`;
      expect(await readSession(cookie)).toEqual({ user: null, sessionId: null });
      expect(await betterAuthSession(cookie)).toBeNull();
    }
    expect((await readSession(cookieOf(user))).user?.id).toBe(user.id);
  });

  it('leaves another spelling of a valid signature, and a session cookie sent twice, to Better Auth', async () => {
    const user = await t.createUser();
    const { token, signature } = signedTokenOf(user);
    // The last character before the padding carries two bits base64 ignores: flipping one keeps the bytes.
    const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const last = signature.length - 2;
    const respelled = `${signature.slice(0, last)}${base64[base64.indexOf(signature[last]!) ^ 1]}=`;
    const betterAuthLookup = vi.spyOn(t.deps.auth.api, 'getSession');
    for (const [cookie, signedIn] of [
      [`${SESSION_COOKIE}=${encodeURIComponent(`${token}.${respelled}`)}`, true],
      // Better Auth reads the first value, which Hono's parser would skip.
      [`${SESSION_COOKIE}=junk"; ${cookieOf(user)}`, false],
    ] as const) {
      betterAuthLookup.mockClear();
      const expected = await betterAuthSession(cookie);
      expect(expected?.user.id ?? null).toBe(signedIn ? user.id : null);
      expect(await readSession(cookie)).toEqual(expected ?? { user: null, sessionId: null });
      expect(betterAuthLookup).toHaveBeenCalledTimes(2);
    }
  });

  it('leaves an expired session to Better Auth, which signs it out and deletes it', async () => {
    const user = await t.createUser();
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.userId, user.id));
    const betterAuthLookup = vi.spyOn(t.deps.auth.api, 'getSession');

    expect(await readSession(cookieOf(user))).toEqual({ user: null, sessionId: null });
    expect(betterAuthLookup).toHaveBeenCalledTimes(1);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });

  it('reads a session itself until it is due for refresh', async () => {
    const user = await t.createUser();
    const { expiresAt } = await sessionRow(user);
    const almostADayOld = new Date(expiresAt.getTime() - DAY_MS + 60_000);
    await t.db.update(sessions).set({ expiresAt: almostADayOld }).where(eq(sessions.userId, user.id));
    const betterAuthLookup = vi.spyOn(t.deps.auth.api, 'getSession');

    expect((await readSession(cookieOf(user))).user?.id).toBe(user.id);
    expect(betterAuthLookup).not.toHaveBeenCalled();
    expect((await sessionRow(user)).expiresAt).toEqual(almostADayOld);
  });

  it('leaves a session due for refresh (a day after its last) to Better Auth, which extends it by 30 days', async () => {
    const user = await t.createUser();
    const { expiresAt } = await sessionRow(user);
    const aDayAndAMinuteOld = new Date(expiresAt.getTime() - DAY_MS - 60_000);
    await t.db.update(sessions).set({ expiresAt: aDayAndAMinuteOld }).where(eq(sessions.userId, user.id));
    const betterAuthLookup = vi.spyOn(t.deps.auth.api, 'getSession');

    expect((await readSession(cookieOf(user))).user?.id).toBe(user.id);
    expect(betterAuthLookup).toHaveBeenCalledTimes(1);
    expect((await sessionRow(user)).expiresAt.getTime()).toBeGreaterThan(Date.now() + 30 * DAY_MS - 60_000);

    // Refreshed, it is read without Better Auth again.
    betterAuthLookup.mockClear();
    expect((await readSession(cookieOf(user))).user?.id).toBe(user.id);
    expect(betterAuthLookup).not.toHaveBeenCalled();
  });

  it('leaves a session signed in without "remember me" to Better Auth, which does not extend it', async () => {
    const user = await t.createUser();
    const client = t.client();
    const signIn = await client.post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
      rememberMe: false,
    });
    expect(signIn.status).toBe(200);
    const cookie = client.cookieHeader();
    expect(cookie).toContain('better-auth.dont_remember=');
    const { token } = signedTokenOf(client);
    const aDayAndAMinuteOld = new Date(Date.now() + 29 * DAY_MS - 60_000);
    await t.db.update(sessions).set({ expiresAt: aDayAndAMinuteOld }).where(eq(sessions.token, token));
    const betterAuthLookup = vi.spyOn(t.deps.auth.api, 'getSession');

    const read = await readSession(cookie);
    expect(read.user?.id).toBe(user.id);
    expect(betterAuthLookup).toHaveBeenCalledTimes(1);
    const [row] = await t.db.select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt).toEqual(aDayAndAMinuteOld);
  });

  it('does not look anything up for a request without a session cookie', async () => {
    const betterAuthLookup = vi.spyOn(t.deps.auth.api, 'getSession');
    expect(await readSession('theme=dark')).toEqual({ user: null, sessionId: null });
    expect(betterAuthLookup).not.toHaveBeenCalled();
  });
});
