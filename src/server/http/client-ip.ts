import type { MiddlewareHandler } from 'hono';
import { CLIENT_IP_HEADER } from '../auth/auth';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * The client's address from the socket, or from the last X-Forwarded-For hop when TRUST_PROXY is on
 * (the address our own proxy saw). It is written to a header only we set, for Better Auth's rate limits.
 */
export function clientIpMiddleware(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    const headers = c.req.raw.headers;
    headers.delete(CLIENT_IP_HEADER);
    const forwarded = trustProxy ? headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
    const socketAddress = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
    const ip = forwarded || socketAddress;
    if (ip) headers.set(CLIENT_IP_HEADER, ip);
    await next();
  };
}
