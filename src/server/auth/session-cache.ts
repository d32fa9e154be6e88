import type { BetterAuthOptions } from 'better-auth';
import { getCookies } from 'better-auth/cookies';

/**
 * Where a request's session comes from (decision 072). Better Auth's session cookie cache keeps the
 * session, signed, in a cookie of its own for at most SESSION_CACHE_SECONDS: a plain read (GET) may take
 * it from there. A request that changes something, and every admin request, reads the database, so a
 * sign-out, a ban, a password change, a role change or a deleted account ends access there at once.
 */

/** GET, HEAD and OPTIONS read; every other method may change something. */
export const changesState = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/** `?ia=1`: a super admin reads another user's consultation (shared/schemas/consult.ts). */
const STAFF_READ = 'ia';

/** A request our session middleware answers with the session from the database, never the cache. */
export function readsSessionFromDatabase(request: {
  method: string;
  path: string;
  query(name: string): string | undefined;
}): boolean {
  return (
    changesState(request.method) ||
    request.path === '/api/admin' ||
    request.path.startsWith('/api/admin/') ||
    request.query(STAFF_READ) === '1'
  );
}

/** The cache cookie: its name (and the names of its chunks, when the session is too large for one). */
export function sessionCacheCookie(options: BetterAuthOptions) {
  const { name, attributes } = getCookies(options).sessionData;
  const isCacheName = (cookieName: string) => cookieName === name || cookieName.startsWith(`${name}.`);
  return {
    attributes,
    isCacheName,
    /** Whether a Set-Cookie header value sets the cache cookie. */
    isSetBy: (setCookie: string) => isCacheName(setCookie.slice(0, setCookie.indexOf('='))),
  };
}
