import { useSearchParams } from 'react-router';
import { Logo } from '../../components/layout/logo';
import { AuthCard } from '../../features/auth/components/auth-card';
import { NewPasswordForm } from '../../features/auth/components/new-password-form';
import { signOut } from '../../features/session/api/sign-out';
import { AppLink } from '../../lib/link';
import { paths } from '../../lib/paths';

/** Where the e-mailed reset link lands (header hidden): set the new password, then sign out and go to /auth. */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const invalid = !token || params.has('error');
  return (
    <main id="main" className="flex flex-1 flex-col items-center gap-8 px-4 py-10">
      <AppLink to={paths.home.href()} aria-label="Vidvisor home">
        <Logo />
      </AppLink>
      <AuthCard
        title="Reset Password"
        description={invalid ? undefined : 'Choose a new password of at least 6 characters.'}
        error={invalid ? 'This reset link is invalid or has expired.' : null}
        footer={
          <AppLink
            className="text-primary underline-offset-4 hover:underline"
            to={invalid ? paths.auth.href('forgotten_password') : paths.auth.href()}
          >
            {invalid ? 'Send me a new link' : 'Back to sign in'}
          </AppLink>
        }
      >
        {invalid ? null : (
          <NewPasswordForm
            token={token}
            onDone={async () => {
              await signOut().catch(() => {});
              window.location.assign(paths.auth.href(undefined, 'password-updated'));
            }}
          />
        )}
      </AuthCard>
    </main>
  );
}
