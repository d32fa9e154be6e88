import type { MiddlewareHandler } from 'hono';
import { type Config, trustedOrigins } from '../config';
import type { Logger } from '../logger';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Refused origins are logged once each; past this many, no more (a flood of forged origins logs nothing). */
const LOGGED_ORIGINS_MAX = 100;

/**
 * CSRF defence for every state-changing API call: a browser's cross-site request carries an Origin
 * (or Sec-Fetch-Site: cross-site) that is not ours, and is refused. Server-to-server callers
 * (webhooks, scripts) send neither and pass; they authenticate otherwise. The app opened at an address
 * BASE_URL does not name looks like another site: the refusal says so, and the log says it once.
 */
export function originCheck(config: Config, logger: Logger): MiddlewareHandler {
  const trusted = new Set(trustedOrigins(config));
  const { baseUrl } = config;
  const logged = new Set<string>();
  const advice = (origin: string) =>
    `${origin} is not this app's address (${baseUrl}): BASE_URL must name the address users open`;
  return async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header('origin');
      const fetchSite = c.req.header('sec-fetch-site');
      if (origin !== undefined && !trusted.has(origin)) {
        if (!logged.has(origin) && logged.size < LOGGED_ORIGINS_MAX) {
          logged.add(origin);
          logger.warn({ origin, baseUrl }, `Refused a request from ${advice(origin)}`);
        }
        return c.json(errorBody('forbidden', `Cross-site request refused: ${advice(origin)}`), 403);
      }
      if (fetchSite === 'cross-site') {
        return c.json(errorBody('forbidden', 'Cross-site request refused'), 403);
      }
    }
    await next();
  };
}
