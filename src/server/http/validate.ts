import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import type { ZodType } from 'zod';
import { errorBody, zodErrorBody } from './errors';

/** The media types Better Auth reads as JSON (better-call's own test), so both sides agree on a body. */
const JSON_MEDIA_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;
const isJson = (contentType: string | undefined) => JSON_MEDIA_TYPE.test(contentType?.trim() ?? '');

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
    if (!isJson(c.req.header('content-type'))) return next();
    const body = await c.req.raw
      .clone()
      .json()
      .catch(() => undefined);
    const result = body && typeof body === 'object' ? schema.safeParse(body) : undefined;
    if (result && !result.success) return c.json(zodErrorBody(result.error), 400);
    return next();
  };
}

/**
 * Refuses a request body that is not JSON with 415, so a form-encoded body cannot reach a handler that
 * accepts forms (Better Auth's sign-up and sign-in do) past checks that read JSON. An empty body passes.
 */
export function refuseNonJsonBody(): MiddlewareHandler {
  return async (c, next) => {
    if (isJson(c.req.header('content-type'))) return next();
    const body = await c.req.raw.clone().text();
    if (body.length === 0) return next();
    return c.json(errorBody('unsupported_media_type', 'Send the request body as JSON'), 415);
  };
}
