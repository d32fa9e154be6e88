import type { MiddlewareHandler } from 'hono';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing API call: a browser's cross-site request carries an Origin
 * (or Sec-Fetch-Site: cross-site) that is not ours, and is refused. Server-to-server callers
 * (webhooks, scripts) send neither and pass; they authenticate otherwise.
 */
export function originCheck(trustedOrigins: string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins);
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      if (fetchSite === 'cross-site' || (origin !== undefined && !trusted.has(origin))) {
        return c.json(errorBody('forbidden', 'Cross-site request refused'), 403);
      }
    }
    await next();
  };
}
