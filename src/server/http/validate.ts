import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { zodErrorBody } from './errors';

/** `zValidator` answering bad input with our error body (400, the field named). */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result, c) => {
    if (!result.success) return c.json(zodErrorBody(result.error), 400);
  });
}

/**
 * Checks a JSON body against `schema` without consuming it, for a handler that reads the raw request
 * itself (Better Auth's). Anything that is not a JSON object is left to that handler.
 */
export function validateRawJson(schema: ZodType): MiddlewareHandler {
  return async (c, next) => {
    if (!c.req.header('content-type')?.includes('json')) return next();
    const body = await c.req.raw
      .clone()
      .json()
      .catch(() => undefined);
    const result = body && typeof body === 'object' ? schema.safeParse(body) : undefined;
    if (result && !result.success) return c.json(zodErrorBody(result.error), 400);
    return next();
  };
}
