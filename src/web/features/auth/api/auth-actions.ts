import { type AuthFailure, authClient, authFailureMessage } from '../../../lib/auth-client';
import { AUTH_NEXT_PARAM, oauthResumePath, paths, safeReturnPath } from '../../../lib/paths';

/** A failure Better Auth reported; its message is shown as is, in the danger box. */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    /** The server paused password sign-in for this account here and offers an e-mailed code instead. */
    readonly offerOneTimeCode = false,
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

type Result = { error: AuthFailure | null };

function orThrow(result: Result, fallback: string) {
  const failure = result.error;
  if (!failure) return;
  throw new AuthError(
    authFailureMessage(failure) ?? fallback,
    failure.error?.code ?? failure.code,
    failure.error?.offerOneTimeCode === true,
  );
}

const absolute = (path: string) => new URL(path, window.location.origin).toString();

/**
 * Where a sign-in lands: an assistant's authorization waiting for it, else the same-site page named by
 * the auth screen's `next`, else the dashboard.
 */
export const afterSignIn = (search = new URLSearchParams(window.location.search)) =>
  oauthResumePath(search) ?? safeReturnPath(search.get(AUTH_NEXT_PARAM)) ?? paths.dashboard.href();

export async function signInWithPassword(input: { email: string; password: string }) {
  orThrow(
    // Better Auth's client goes to callbackURL itself once signed in.
    // An assistant's authorization is resumed by the auth screen once signed in: one visit, not two
    // (a second would find the consent given and hand the assistant another code).
    await authClient.signIn.email(
      oauthResumePath(new URLSearchParams(window.location.search))
        ? input
        : { ...input, callbackURL: afterSignIn() },
    ),
    'Could not sign in',
  );
}

/** Creates the account; nothing signs in until the e-mailed link is followed. */
export async function signUpWithPassword(input: { name: string; email: string; password: string }) {
  orThrow(
    await authClient.signUp.email({ ...input, callbackURL: absolute(paths.dashboard.href()) }),
    'Could not create the account',
  );
}

export async function requestPasswordReset(email: string) {
  orThrow(
    await authClient.requestPasswordReset({ email, redirectTo: absolute(paths.resetPassword.href()) }),
    'Could not send the reset link',
  );
}

export async function resetPassword(input: { token: string; newPassword: string }) {
  orThrow(await authClient.resetPassword(input), 'An error occurred while resetting your password');
}

export async function sendMagicLink(email: string) {
  orThrow(
    await authClient.signIn.magicLink({
      email,
      // The link signs in and goes where a password sign-in would: an assistant's authorization, or back.
      callbackURL: absolute(afterSignIn()),
      errorCallbackURL: absolute(`${paths.auth.href('magic_link')}`),
    }),
    'Could not send the sign-in link',
  );
}

export async function sendSignInCode(email: string) {
  orThrow(
    await authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' }),
    'Could not send the code',
  );
}

export async function signInWithCode(input: { email: string; otp: string }) {
  orThrow(await authClient.signIn.emailOtp(input), 'Could not sign in with that code');
}

export async function signInWithGoogle() {
  orThrow(
    await authClient.signIn.social({ provider: 'google', callbackURL: absolute(afterSignIn()) }),
    'Could not start Google sign-in',
  );
}
