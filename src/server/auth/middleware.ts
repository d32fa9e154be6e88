import type { MiddlewareHandler } from 'hono';
import { isRole, type Role } from '../../shared/roles';
import type { AppEnv, SessionUser } from '../context';
import { forbidden, unauthenticated } from '../http/errors';
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

/** Reads the session cookie (through Better Auth) and sets `user` and `sessionId` for the handlers. */
export function sessionMiddleware(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // No session cookie, no session: skip Better Auth's lookup for anonymous requests.
    const hasSessionCookie = c.req.header('cookie')?.includes('session_token=') ?? false;
    const result = hasSessionCookie ? await auth.api.getSession({ headers: c.req.raw.headers }) : null;
    c.set('user', result ? toSessionUser(result.user) : null);
    c.set('sessionId', result?.session.id ?? null);
    await next();
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
