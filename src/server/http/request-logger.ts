import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';
import type { Logger } from '../logger';
import { loggablePath } from './log-fields';

/** One structured line per API request, with the request id (also sent back as X-Request-Id). */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    if (!c.req.path.startsWith('/api/')) return;
    const status = c.res.status;
    const entry = {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: loggablePath(c.req.path),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: c.get('user')?.id,
    };
    if (status >= 500) logger.error(entry, 'request failed');
    else logger.info(entry, 'request');
  };
}
