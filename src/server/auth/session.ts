import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { isRole } from '../../shared/roles';
import type { SessionUser } from '../context';
import type { Database } from '../db/client';
import { preparedFor } from '../db/prepared';
import { sessions, users } from '../db/schema';
import type { Auth } from './auth';

/** A user as Better Auth's session or a `user` row gives it. */
interface UserRecord {
  id: string;
  email: string;
  name: string;
  role?: string | null;
  emailVerified: boolean;
  firstName?: string | null;
  lastName?: string | null;
  freePlanId?: string | null;
  image?: string | null;
  createdAt: Date | string;
}

export function toSessionUser(user: UserRecord): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: isRole(user.role) ? user.role : 'user',
    emailVerified: user.emailVerified,
    firstName: user.firstName ?? null,
    lastName: user.lastName ?? null,
    freePlanId: user.freePlanId ?? null,
    image: user.image ?? null,
    createdAt: new Date(user.createdAt),
  };
}

export interface SignedInSession {
  sessionId: string;
  user: SessionUser;
}

/**
 * A live session and its user by the session's token, with only what a request needs. The `user`
 * row's fields are Better Auth's, so `toSessionUser` reads them as it reads Better Auth's session.
 */
const sessionByTokenQuery = preparedFor((db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      user: {
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        emailVerified: users.emailVerified,
        firstName: users.firstName,
        lastName: users.lastName,
        freePlanId: users.freePlanId,
        image: users.image,
        createdAt: users.createdAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder('token')))
    .prepare('session_by_token'),
);

/** What reading a session cookie needs of Better Auth's settings (its own, never restated). */
function cookieSettings(auth: Auth) {
  return auth.$context.then((context) => ({
    secret: context.secret,
    cookies: context.authCookies,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));
}

type CookieSettings = Awaited<ReturnType<typeof cookieSettings>>;

/**
 * The session cookie as this reader takes it: no cookie; a case left to Better Auth (a remember-me or
 * cached-session cookie, a session cookie sent twice, a signature that does not hold); or the token of
 * a cookie signed exactly as Better Auth signs it. Hono's parser skips a malformed first value where
 * Better Auth's keeps it, so a cookie sent twice could be read differently by the two: it goes to Better
 * Auth. A token here is only signed, not yet a live session.
 */
type SessionCookie = { kind: 'none' } | { kind: 'better-auth' } | { kind: 'signed'; token: string };

function readSessionCookie(c: Context, { secret, cookies }: CookieSettings): SessionCookie {
  const jar = getCookie(c);
  const signedToken = jar[cookies.sessionToken.name];
  if (!signedToken) return { kind: 'none' };
  const special = jar[cookies.dontRememberToken.name] || jar[cookies.sessionData.name];
  if (special || !sentOnce(c.req.header('cookie') ?? '', cookies.sessionToken.name)) {
    return { kind: 'better-auth' };
  }
  const token = verifiedToken(signedToken, secret);
  return token ? { kind: 'signed', token } : { kind: 'better-auth' };
}

/**
 * The signed token of a request's session cookie, when the cookie is of the form `sessionReader`
 * answers itself; else null. Signed is not signed in: the session may have ended since.
 */
export function sessionTokenReader(auth: Auth) {
  const settings = cookieSettings(auth);
  return async function readSessionToken(c: Context): Promise<string | null> {
    const cookie = readSessionCookie(c, await settings);
    return cookie.kind === 'signed' ? cookie.token : null;
  };
}

/**
 * Reads the signed-in session of a request (decision 020). The common case, a validly signed token of
 * a live session that is not yet due for its refresh, is answered here with one prepared query and a
 * synchronous signature check. Anything else (no such session, expired, due for refresh, a remember-me
 * or cached-session cookie, a session cookie sent twice, a bad signature) goes through Better Auth's own `getSession`, which owns
 * those rules: deleting an expired session, extending one due for refresh, refusing a forged cookie.
 */
export function sessionReader(auth: Auth, db: Database) {
  const settings = cookieSettings(auth);

  async function throughBetterAuth(c: Context): Promise<SignedInSession | null> {
    const result = await auth.api.getSession({ headers: c.req.raw.headers });
    return result ? { sessionId: result.session.id, user: toSessionUser(result.user) } : null;
  }

  return async function readSession(c: Context): Promise<SignedInSession | null> {
    const current = await settings;
    const cookie = readSessionCookie(c, current);
    if (cookie.kind === 'none') return null;
    if (cookie.kind === 'better-auth') return throughBetterAuth(c);
    const [row] = await sessionByTokenQuery(db).execute({ token: cookie.token });
    const now = Date.now();
    const expiresAt = row?.expiresAt.getTime() ?? 0;
    const dueForRefresh = expiresAt - current.expiresInMs + current.updateAgeMs <= now;
    if (!row || expiresAt <= now || dueForRefresh) return throughBetterAuth(c);
    return { sessionId: row.sessionId, user: toSessionUser(row.user) };
  };
}

function sentOnce(cookieHeader: string, name: string): boolean {
  const first = cookieHeader.indexOf(`${name}=`);
  return first === cookieHeader.lastIndexOf(`${name}=`);
}

/**
 * Better Auth's signed cookie value is `token.signature`, the signature being the padded base64 of
 * HMAC-SHA256(secret, token): the token, when the signature is written exactly that way. (Better
 * Auth also accepts the three other spellings of the last character, whose low bits base64 ignores:
 * those go to it.)
 */
function verifiedToken(signedValue: string, secret: string): string | null {
  const dot = signedValue.lastIndexOf('.');
  if (dot < 1) return null;
  const token = signedValue.slice(0, dot);
  const signature = Buffer.from(signedValue.slice(dot + 1));
  const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}
