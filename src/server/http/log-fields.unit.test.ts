import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loggablePath, routeOf } from './log-fields';

/** The route `routeOf` names for a request whose handler throws. */
async function routeOfFailing(path: string, method = 'GET') {
  let route = '';
  const app = new Hono();
  app.onError((_error, c) => {
    route = routeOf(c);
    return c.text('', 400);
  });
  app.use('*', async (_c, next) => next());
  app.on(['GET', 'POST'], '/api/auth/*', () => {
    throw new Error('refused');
  });
  app.route(
    '/api',
    new Hono().patch('/chats/:chatId', () => {
      throw new Error('refused');
    }),
  );
  await app.request(path, { method });
  return route;
}

describe('what the log names a request by', () => {
  it('names our routes by their pattern, without the ids in the path', async () => {
    expect(await routeOfFailing('/api/chats/0b3f6c1e-5d2a-4c1f-9a55-3e0e8a1b2c3d', 'PATCH')).toBe(
      'PATCH /api/chats/:chatId',
    );
  });

  it('names Better Auth’s routes by their path, a reset token masked', async () => {
    expect(await routeOfFailing('/api/auth/update-user', 'POST')).toBe('POST /api/auth/update-user');
    expect(await routeOfFailing('/api/auth/reset-password/aFIHMxULnlOaEKuH1tXAEFnY?callbackURL=/x')).toBe(
      'GET /api/auth/reset-password/:token',
    );
    expect(loggablePath('/api/auth/reset-password/aFIHMxULnlOaEKuH1tXAEFnY')).toBe(
      '/api/auth/reset-password/:token',
    );
    expect(loggablePath('/api/chats/abc')).toBe('/api/chats/abc');
  });
});
