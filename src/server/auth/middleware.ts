import type { MiddlewareHandler } from 'hono';
import type { Role } from '../../shared/roles';
import type { AppEnv, SessionUser } from '../context';
import { forbidden, unauthenticated } from '../http/errors';
import type { Auth } from './auth';
import { toSessionUser } from './session';

/**
 * Reads the session through Better Auth and sets `user` and `sessionId` for the handlers. When Better
 * Auth extends the session, its renewed cookie goes out with the response.
 */
export function sessionMiddleware(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { headers, response: session } = await auth.api.getSession({
      headers: c.req.raw.headers,
      returnHeaders: true,
    });
    c.set('user', session ? toSessionUser(session.user) : null);
    c.set('sessionId', session?.session.id ?? null);
    await next();
    for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
  };
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
