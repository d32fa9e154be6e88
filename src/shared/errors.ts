/** The error body every API failure returns: `{ error: { code, message } }`. */
export interface ApiErrorBody {
  error: { code: string; message: string; field?: string };
}

/** Codes the web app acts on (the rest are shown as their message). */
export const ERROR_CODES = {
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  notFound: 'not_found',
  invalidInput: 'invalid_input',
  conflict: 'conflict',
  rateLimited: 'rate_limited',
  unavailable: 'service_unavailable',
  internal: 'internal_error',
  /** The user must complete the profile wizard first. */
  profileRequired: 'profile_required',
  /** The user must choose a plan first. */
  planRequired: 'plan_required',
  usageLimitExceeded: 'usage_limit_exceeded',
  /** The process is full: ask again after Retry-After seconds. */
  busy: 'busy',
  /** A password-less account must sign in again (a one-time code) before this action. */
  freshSignInRequired: 'fresh_sign_in_required',
  /** Another request is writing this user's suggested follow-ups: ask again shortly. */
  followUpsInProgress: 'follow_ups_in_progress',
} as const;

/** A full process refusing a new reply (503 with Retry-After). */
export const BUSY_MESSAGE = 'Vidvisor is busy right now: try again in a few seconds';

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}
