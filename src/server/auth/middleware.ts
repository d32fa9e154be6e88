import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { Role } from '../../shared/roles';
import type { AppEnv, SessionUser } from '../context';
import { forbidden, unauthenticated } from '../http/errors';
import type { Auth } from './auth';
import { toSessionUser } from './session';
import { changesState, readsSessionFromDatabase, sessionCacheCookie } from './session-cache';
import { createSessionMemo } from './session-memo';

/**
 * Reads the session through Better Auth and sets `user` and `sessionId` for the handlers: from its
 * session cookie cache for a plain read, from the database for a request that changes something and
 * for an admin request (decision 072). A plain read whose cookies this process has already verified
 * takes the session it verified (decision 074). When Better Auth extends the session, its renewed
 * cookie goes out with the response.
 */
export function sessionMiddleware(auth: Auth, memoEntries: number): MiddlewareHandler<AppEnv> {
  const cache = sessionCacheCookie(auth.options);
  const memo = createSessionMemo(auth.options, memoEntries);
  return async (c, next) => {
    const fromDatabase = readsSessionFromDatabase(c.req);
    const memoKey = fromDatabase ? null : memo.keyOf(getCookie(c));
    const known = memoKey ? memo.find(memoKey) : null;
    if (known) {
      c.set('user', known.user);
      c.set('sessionId', known.sessionId);
      return next();
    }
    const { headers, response: session } = await auth.api.getSession({
      headers: c.req.raw.headers,
      query: fromDatabase ? { disableCookieCache: true } : {},
      returnHeaders: true,
    });
    const user = session ? toSessionUser(session.user) : null;
    c.set('user', user);
    c.set('sessionId', session?.session.id ?? null);
    const setCookies = headers.getSetCookie();
    if (memoKey && user && session && setCookies.length === 0) {
      const { id: sessionId, expiresAt } = session.session;
      await memo.remember(memoKey, c.req.raw.headers, { user, sessionId, expiresAt });
    }
    await next();
    const changes = changesState(c.req.method);
    for (const cookie of setCookies) {
      // Cached before the handler ran: what it changed would not be in it.
      if (changes && cache.isSetBy(cookie)) continue;
      c.header('set-cookie', cookie, { append: true });
    }
    if (changes) dropCachedSession(c, cache);
  };
}

/**
 * After a request that may have changed the user (a plan chosen, a role), the browser's cached session
 * goes: its next read takes the session from the database, and caches it again.
 */
function dropCachedSession(c: Context<AppEnv>, cache: ReturnType<typeof sessionCacheCookie>) {
  for (const name of Object.keys(getCookie(c)).filter(cache.isCacheName)) {
    const { path, domain, secure } = cache.attributes;
    deleteCookie(c, name, { path, domain, secure });
  }
}

/** 401 unless signed in. Handlers after it can rely on `currentUser(c)`. */
export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) throw unauthenticated();
  await next();
};

/** 401 when signed out, 403 unless the user holds one of the roles. */
export function requireRole(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthenticated();
    if (!roles.includes(user.role)) throw forbidden();
    await next();
  };
}

/** The signed-in user; only call after `requireUser` (or a guard built on it). */
export function currentUser(c: { get(key: 'user'): SessionUser | null }): SessionUser {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  return user;
}
