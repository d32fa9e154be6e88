import type { MiddlewareHandler } from 'hono';
import { type Config, trustedOrigins } from '../config';
import type { Logger } from '../logger';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Refused origins are logged once each among the last this many, so a flood of forged origins can
 * neither grow memory nor silence the next real one (it is logged again once they push it out).
 */
const LOGGED_ORIGINS_MAX = 100;
/** An Origin header is quoted up to this many characters. */
const ORIGIN_SHOWN_MAX = 200;

/**
 * The state-changing routes that other machines call without an Origin, each authenticated otherwise:
 * Better Auth's (it checks the origin of any request that carries cookies), the billing provider's signed
 * webhook, the mail providers' one-click unsubscribes (RFC 8058), which carry their own token, and the
 * MCP endpoint, which reads a bearer token and never a cookie (a cross-site browser request that names
 * its origin is still refused there, as the MCP transport asks).
 */
const WITHOUT_ORIGIN = [
  /^\/api\/auth\//,
  /^\/api\/billing\/webhook$/,
  /^\/api\/plan\/check-in\/unsubscribe$/,
  /^\/api\/suggestions\/unsubscribe$/,
  /^\/api\/suggestions\/weekly-mail\/unsubscribe$/,
  /^\/mcp$/,
];

export const MISSING_ORIGIN_MESSAGE =
  'Request refused: it names no origin. Use the app in a browser, which sends one.';

/**
 * CSRF defence for every state-changing API call: a browser's cross-site request carries an Origin
 * (or Sec-Fetch-Site: cross-site) that is not ours, and is refused. A request naming no origin is
 * refused too unless Sec-Fetch-Site says same-origin (decision 058), but for the few routes other
 * machines call, which authenticate otherwise. The app opened at an address BASE_URL does not name looks
 * like another site: the refusal says so, and the log says it once.
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
        const shown = origin.slice(0, ORIGIN_SHOWN_MAX);
        if (!logged.has(shown)) {
          if (logged.size >= LOGGED_ORIGINS_MAX) logged.delete(logged.values().next().value!);
          logged.add(shown);
          logger.warn({ origin: shown, baseUrl }, `Refused a request from ${advice(shown)}`);
        }
        return c.json(errorBody('forbidden', `Cross-site request refused: ${advice(shown)}`), 403);
      }
      if (fetchSite === 'cross-site') {
        return c.json(errorBody('forbidden', 'Cross-site request refused'), 403);
      }
      if (origin === undefined && fetchSite !== 'same-origin' && !callableWithoutOrigin(c.req.path)) {
        return c.json(errorBody('forbidden', MISSING_ORIGIN_MESSAGE), 403);
      }
    }
    await next();
  };
}

const callableWithoutOrigin = (path: string) => WITHOUT_ORIGIN.some((route) => route.test(path));
