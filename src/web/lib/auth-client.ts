import { adminClient, emailOTPClient, magicLinkClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/** Better Auth's browser client: sign-up, sign-in (password, magic link, one-time code, Google), reset. */
export const authClient = createAuthClient({
  basePath: '/api/auth',
  plugins: [magicLinkClient(), emailOTPClient(), adminClient()],
});

/** A failed Better Auth call as its client reports it: its own fields, or our API's error body. */
export interface AuthFailure {
  message?: string;
  code?: string;
  statusText?: string;
  /** Our own API's shape, for what the app refuses before Better Auth (a weak password, a pause). */
  error?: { message?: string; code?: string; field?: string; offerOneTimeCode?: boolean };
}

/** The sentence to show for a failure: ours name their field first ('password: …'), shown without it. */
export function authFailureMessage(failure: AuthFailure): string | undefined {
  const ours = failure.error;
  const oursMessage = ours?.field ? ours.message?.replace(`${ours.field}: `, '') : ours?.message;
  return oursMessage || failure.message || failure.statusText || undefined;
}
