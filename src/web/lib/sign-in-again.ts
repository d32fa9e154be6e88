import { authClient, authFailureMessage } from './auth-client';

/** Mails a one-time sign-in code, for a password-less account to sign in again. */
export async function sendSignInAgainCode(email: string) {
  const result = await authClient.emailOtp.sendVerificationOtp({ email, type: 'sign-in' });
  if (result.error) throw new Error(authFailureMessage(result.error) ?? 'Could not send the code');
}

/** Signs in again with the code: the new session is fresh enough for an action that asks for proof (decision 058). */
export async function signInAgainWithCode(input: { email: string; otp: string }) {
  const result = await authClient.signIn.emailOtp(input);
  if (result.error) throw new Error(authFailureMessage(result.error) ?? 'Could not sign in with that code');
}
