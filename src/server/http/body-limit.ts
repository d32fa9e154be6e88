import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

const BODILESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface BodySizeLimitOptions {
  maxSize: number;
  onError: (c: Context) => Response | Promise<Response>;
}

/**
 * Hono's `bodyLimit`, answered from the headers when they settle it. Hono's middleware reads
 * `c.req.raw.body` first, and on @hono/node-server that getter builds a whole fetch `Request` with a
 * web stream over the socket, for every request, kept for as long as the request lives (a reply
 * streams for minutes). A declared `Content-Length` (which Node's parser holds the body to) or a
 * method without a body answers without it; a body of unknown length is still counted by Hono's.
 */
export function bodySizeLimit(options: BodySizeLimitOptions): MiddlewareHandler {
  const counted = bodyLimit(options);
  return async (c, next) => {
    if (BODILESS_METHODS.has(c.req.method)) return next();
    const declared = c.req.header('content-length');
    if (declared === undefined || c.req.header('transfer-encoding') !== undefined) return counted(c, next);
    return Number(declared) <= options.maxSize ? next() : options.onError(c);
  };
}
