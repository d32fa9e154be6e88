import type { Context } from 'hono';
import { routePath } from 'hono/route';

/** Better Auth's one route with a secret in its path: the password-reset link's token. */
const TOKEN_IN_PATH = /^(\/api\/auth\/reset-password\/)[^/]+/;

/** A request path as the log shows it: a token in it is masked. */
export const loggablePath = (path: string) => path.replace(TOKEN_IN_PATH, '$1:token');

/**
 * The route that answered, as its method and pattern (`PATCH /api/chats/:chatId`): no id, token or
 * other value of the request. Better Auth's routes share one mount, so theirs is the path, token masked.
 */
export function routeOf(c: Context): string {
  const pattern = routePath(c);
  return `${c.req.method} ${pattern.endsWith('*') ? loggablePath(c.req.path) : pattern}`;
}
