import { sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../shared/errors';
import { CLIENT_IP_HEADER } from '../auth/auth';
import type { Executor } from '../db/client';
import { rateLimits } from '../db/schema';
import { errorBody } from './errors';

export interface IpRateRule {
  /** Names the counter (kept apart from Better Auth's, which are keyed by address and path). */
  name: string;
  windowSeconds: number;
  max: number;
}

/**
 * At most `max` requests per client address per window, counted in the database (Better Auth's
 * rate_limit table) so every process shares one count: one upsert a request. Off when
 * RATE_LIMIT_ENABLED is false, as Better Auth's limits are.
 */
export function ipRateLimit(db: Executor, enabled: boolean, rule: IpRateRule): MiddlewareHandler {
  return async (c, next) => {
    if (!enabled) return next();
    const key = `${rule.name}:${c.req.header(CLIENT_IP_HEADER) ?? 'unknown'}`;
    const now = Date.now();
    const windowMs = rule.windowSeconds * 1000;
    const expired = sql`${rateLimits.lastRequest} <= ${now - windowMs}`;
    const [counter] = await db
      .insert(rateLimits)
      .values({ id: key, key, count: 1, lastRequest: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimits.count} + 1 end`,
          // The window's start: the first request of the window.
          lastRequest: sql`case when ${expired} then ${now} else ${rateLimits.lastRequest} end`,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.lastRequest });
    if (counter && counter.count > rule.max) {
      c.header('Retry-After', String(Math.max(1, Math.ceil((counter.windowStart + windowMs - now) / 1000))));
      return c.json(errorBody(ERROR_CODES.rateLimited, 'Too many requests. Please try again shortly.'), 429);
    }
    return next();
  };
}
