import type { BetterAuthOptions } from 'better-auth';
import { getCookieCache, getCookies } from 'better-auth/cookies';
import type { SessionUser } from '../context';

export interface MemoizedSession {
  user: SessionUser;
  sessionId: string;
}

interface Entry extends MemoizedSession {
  /** When the cache cookie it was verified from expires (ms since the epoch). */
  validUntil: number;
}

/**
 * Sessions this process has already verified from Better Auth's signed cache cookie, kept until that
 * cookie expires (decision 074). A plain read that presents the very same session and cache cookies
 * gets the same session Better Auth gave the first time, without signing and decoding them again. It
 * answers nothing Better Auth's cache would not: an entry is keyed by the cookies' exact values and
 * dies when the cookie does, so a revoked session ends here when it ends in the cache (decision 072).
 * That holds while Better Auth's answer for a cache hit depends on the two cookies and the clock alone:
 * turning on its `refreshCache` or a cache `version` means checking it again.
 */
export function createSessionMemo(options: BetterAuthOptions, maxEntries: number) {
  const cookies = getCookies(options);
  const tokenName = cookies.sessionToken.name;
  const dataName = cookies.sessionData.name;
  const secureName = dataName.startsWith('__Secure-');
  const prefix = (secureName ? dataName.slice('__Secure-'.length) : dataName).replace(/\.session_data$/, '');
  const maxAgeMs = (options.session?.cookieCache?.maxAge ?? 0) * 1000;
  const entries = new Map<string, Entry>();

  /** The request's session and cache cookies as one key; null when either is missing. */
  function keyOf(requestCookies: Record<string, string>): string | null {
    const token = requestCookies[tokenName];
    const data =
      requestCookies[dataName] ??
      Object.keys(requestCookies)
        .filter((name) => name.startsWith(`${dataName}.`))
        .sort()
        .map((name) => requestCookies[name])
        .join('');
    return token && data ? `${token}\n${data}` : null;
  }

  return {
    keyOf,

    /**
     * The session verified earlier from these cookies, while their cache cookie lives. The user is a new
     * object each time: per-request reads are keyed on it (gate.service.ts).
     */
    find(key: string): MemoizedSession | null {
      const entry = entries.get(key);
      if (!entry) return null;
      if (entry.validUntil <= Date.now()) {
        entries.delete(key);
        return null;
      }
      return { user: { ...entry.user }, sessionId: entry.sessionId };
    },

    /**
     * Keeps a session Better Auth has just answered from the request's cache cookie (it set no cookie):
     * until the cookie's expiry, read from the cookie itself, and never past the session's own.
     */
    async remember(key: string, headers: Headers, session: MemoizedSession & { expiresAt: Date }) {
      if (maxAgeMs === 0 || maxEntries === 0) return;
      const cached = await getCookieCache(headers, {
        secret: options.secret,
        isSecure: secureName,
        cookiePrefix: prefix,
      });
      if (!cached || cached.session.id !== session.sessionId) return;
      const validUntil = Math.min(cached.updatedAt + maxAgeMs, session.expiresAt.getTime());
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { user: { ...session.user }, sessionId: session.sessionId, validUntil });
    },
  };
}
