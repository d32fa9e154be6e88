import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { type ApiErrorBody, ERROR_CODES } from '../../shared/errors';
import { causes, sqlState } from '../db/errors';
import type { Logger } from '../logger';
import { routeOf } from './log-fields';

/** A failure the client caused or should know about, answered as `{ error: { code, message } }`. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message = 'Not found') => new AppError(404, ERROR_CODES.notFound, message);
export const forbidden = (message = 'You do not have permission to do that') =>
  new AppError(403, ERROR_CODES.forbidden, message);
export const unauthenticated = () =>
  new AppError(401, ERROR_CODES.unauthenticated, 'You need to sign in first');
export const badRequest = (message: string, field?: string) =>
  new AppError(400, ERROR_CODES.invalidInput, message, field);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);

export function errorBody(code: string, message: string, field?: string): ApiErrorBody {
  return { error: field ? { code, message, field } : { code, message } };
}

/** Any zod error (classic or core): its first issue names the field. */
export function zodErrorBody(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): ApiErrorBody {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  const message = issue ? (field ? `${field}: ${issue.message}` : issue.message) : 'Invalid input';
  return errorBody(ERROR_CODES.invalidInput, message, field);
}

const STATUS_CODES: Partial<Record<number, string>> = {
  400: ERROR_CODES.invalidInput,
  401: ERROR_CODES.unauthenticated,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: ERROR_CODES.rateLimited,
  503: ERROR_CODES.unavailable,
};

/**
 * A value the database refused as data (SQLSTATE class 22: a NUL byte in text, a malformed uuid, a
 * number out of range…). Validation should stop such input first; this makes a miss a 400, not a 500.
 */
export function isInvalidDataError(error: unknown): boolean {
  return sqlState(error)?.startsWith('22') ?? false;
}

/** Whether a write broke a unique constraint (SQLSTATE 23505): two writers raced for one slot. */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}

/** Whether an error means the database cannot be reached (connection refused, restarting, pool exhausted). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const cause of causes(error)) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P0[1-3])$/.test(code) || code.startsWith('08'))
    )
      return true;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect/i.test(message)
    )
      return true;
  }
  return false;
}

/** The one error handler: every failure becomes `{ error: { code, message } }` with the right status. */
export function handleError(error: Error, c: Context, logger: Logger) {
  if (error instanceof AppError) {
    return c.json(errorBody(error.code, error.message, error.field), error.status);
  }
  if (error instanceof ZodError) {
    return c.json(zodErrorBody(error), 400);
  }
  if (error instanceof HTTPException) {
    const status = error.status as ContentfulStatusCode;
    return c.json(errorBody(STATUS_CODES[status] ?? 'http_error', error.message || 'Request failed'), status);
  }
  // A refused or failed statement is logged by its code and route: its values are what users typed.
  const where = { route: routeOf(c), requestId: c.get('requestId') };
  if (isInvalidDataError(error)) {
    logger.warn({ code: sqlState(error), ...where }, 'input refused by the database: validation missed it');
    return c.json(errorBody(ERROR_CODES.invalidInput, 'The request contains a value that is not valid'), 400);
  }
  if (isDatabaseUnavailable(error)) {
    logger.warn({ err: error, ...where }, 'database unavailable');
    c.header('Retry-After', '5');
    return c.json(
      errorBody(ERROR_CODES.unavailable, 'The service is briefly unavailable. Please try again.'),
      503,
    );
  }
  logger.error({ err: error, ...where }, 'unhandled error');
  return c.json(errorBody(ERROR_CODES.internal, 'Something went wrong on our side. Please try again.'), 500);
}
