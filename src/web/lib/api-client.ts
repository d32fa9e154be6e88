import { hc } from 'hono/client';
import type { AppType } from '../../server/app';
import { type ApiErrorBody, ERROR_CODES, isApiErrorBody } from '../../shared/errors';

/** The one typed client of our API: request and response types come from the server's routes. */
export const api = hc<AppType>('/api', { init: { credentials: 'same-origin' } });

/** A failed API call: the server's `{ error: { code, message } }` with the HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The code of a failure whose body was not our error shape (a proxy's page, an empty body). */
export const HTTP_ERROR_CODE = 'http_error';

/** The body of the successful member of a typed response union (routes with validators add a 400 member). */
export type SuccessBody<R> = R extends { ok: true; json(): Promise<infer T> } ? T : never;

/** Unwraps a typed client response: its JSON on success, an ApiError otherwise. */
export async function unwrap<R extends { ok: boolean; status: number; json(): Promise<unknown> }>(
  response: R,
): Promise<SuccessBody<R>> {
  if (response.ok) return (await response.json()) as SuccessBody<R>;
  let body: ApiErrorBody | undefined;
  try {
    const parsed: unknown = await response.json();
    if (isApiErrorBody(parsed)) body = parsed;
  } catch {
    // not JSON: fall through to the generic message
  }
  throw new ApiError(
    response.status,
    body?.error.code ?? HTTP_ERROR_CODE,
    body?.error.message ?? `Request failed (${response.status})`,
    body?.error.field,
  );
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** The server's message when it asks to wait before trying again (429), else `fallback`. */
export function rateLimitedMessageOr(error: unknown, fallback: string): string {
  return isApiError(error, ERROR_CODES.rateLimited) ? error.message : fallback;
}
