import type { ReactNode } from 'react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { AuthNotice, AuthView } from '../../../lib/paths';
import { requestPasswordReset, sendMagicLink } from '../api/auth-actions';
import { AuthCard, ViewLink } from './auth-card';
import { EmailLinkForm } from './email-link-form';
import { GoogleButton } from './google-button';
import { NewPasswordForm } from './new-password-form';
import { OneTimeSignInNote } from './one-time-sign-in-note';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { VerifyOtpForm } from './verify-otp-form';

export interface AuthViewsProps {
  view: AuthView;
  /** Switches the view; a notice goes into the address, so the next view shows it. */
  onViewChange: (view: AuthView, notice?: AuthNotice) => void;
  /** A notice for the sign-in view ('Password updated…'), read from the address. */
  notice: string | null;
  googleEnabled: boolean;
  /** The reset token, for the update_password view. */
  token: string | null;
  /** An error Better Auth put in the URL when it redirected back (e.g. an expired link). */
  urlError: string | null;
  onSignedIn: () => void;
}

const URL_ERRORS: Record<string, string> = {
  INVALID_TOKEN: 'That link is invalid or has expired. Ask for a new one below.',
  EXPIRED_TOKEN: 'That link has expired. Ask for a new one below.',
  ATTEMPTS_EXCEEDED: 'That link was already used. Ask for a new one below.',
};

/** The six views of the spec's auth screen, one at a time. */
export function AuthViews({
  view,
  onViewChange,
  googleEnabled,
  token,
  urlError,
  notice,
  onSignedIn,
}: AuthViewsProps) {
  const [error, setError] = useState<string | null>(urlError ? (URL_ERRORS[urlError] ?? urlError) : null);
  const [offerOneTimeCode, setOfferOneTimeCode] = useState(false);
  const go = (next: AuthView) => () => {
    setError(null);
    setOfferOneTimeCode(false);
    onViewChange(next);
  };
  const links = (...items: [AuthView, ReactNode][]) =>
    items.map(([target, label]) => (
      <ViewLink key={target} onClick={go(target)}>
        {label}
      </ViewLink>
    ));
  const google = googleEnabled ? <GoogleButton onError={setError} /> : null;

  switch (view) {
    case 'sign_up':
      return (
        <AuthCard
          title="Create your account"
          description="Start free. No card needed."
          error={error}
          footer={links(['sign_in', 'Already have an account? Sign in'])}
        >
          {google}
          <SignUpForm onError={setError} />
        </AuthCard>
      );
    case 'forgotten_password':
      return (
        <AuthCard
          title="Reset your password"
          description="We will email you a link to choose a new password."
          error={error}
          footer={links(['sign_in', 'Back to sign in'])}
        >
          <EmailLinkForm
            send={requestPasswordReset}
            submitLabel="Send reset instructions"
            busyLabel="Sending..."
            sentMessage="If an account exists for that address, we have emailed a link to reset its password."
            onError={setError}
          />
        </AuthCard>
      );
    case 'magic_link':
      return (
        <AuthCard
          title="Sign in with a magic link"
          description="No password needed: we email you a link that signs you in."
          error={error}
          footer={links(
            ['sign_in', 'Sign in with a password'],
            ['verify_otp', 'Use a one-time code instead'],
          )}
        >
          <EmailLinkForm
            send={sendMagicLink}
            submitLabel="Send magic link"
            busyLabel="Sending..."
            sentMessage="Check your email for the magic link. It works once, for five minutes."
            onError={setError}
          />
          <OneTimeSignInNote />
        </AuthCard>
      );
    case 'verify_otp':
      return (
        <AuthCard
          title="Sign in with a one-time code"
          description="We email you a 6-digit code to type here."
          error={error}
          footer={links(['sign_in', 'Sign in with a password'], ['magic_link', 'Email me a link instead'])}
        >
          <VerifyOtpForm onSignedIn={onSignedIn} onError={setError} />
          <OneTimeSignInNote />
        </AuthCard>
      );
    case 'update_password':
      return (
        <AuthCard
          title="Choose a new password"
          error={token ? error : 'This reset link is invalid or has expired.'}
          footer={links(['forgotten_password', 'Send me a new link'], ['sign_in', 'Back to sign in'])}
        >
          {token ? (
            <NewPasswordForm token={token} onDone={() => onViewChange('sign_in', 'password-updated')} />
          ) : null}
        </AuthCard>
      );
    default:
      return (
        <AuthCard
          title="Sign in"
          description="Welcome back to Vidvisor."
          error={error}
          footer={links(
            ['forgotten_password', 'Forgot your password?'],
            ['magic_link', 'Email me a magic link'],
            ['verify_otp', 'Sign in with a one-time code'],
            ['sign_up', "Don't have an account? Sign up"],
          )}
        >
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          {offerOneTimeCode ? (
            <Button type="button" variant="outline" onClick={go('verify_otp')}>
              Email me a one-time code instead
            </Button>
          ) : null}
          {google}
          <SignInForm
            onSignedIn={onSignedIn}
            onError={setError}
            onOfferOneTimeCode={() => setOfferOneTimeCode(true)}
          />
        </AuthCard>
      );
  }
}
