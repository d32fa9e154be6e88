import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { type SignInInput, signInInput } from '../../../../shared/schemas/auth';
import { Button } from '../../../components/ui/button';
import { AuthError, signInWithPassword } from '../api/auth-actions';
import { EmailField, PasswordField } from './fields';

export function SignInForm({
  onSignedIn,
  onError,
  onOfferOneTimeCode,
}: {
  onSignedIn: () => void;
  onError: (message: string | null) => void;
  /** Password sign-in is paused for this account here: offer the e-mailed code. */
  onOfferOneTimeCode: () => void;
}) {
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInInput),
    defaultValues: { email: '', password: '' },
  });
  const signIn = useMutation({
    mutationFn: signInWithPassword,
    onMutate: () => onError(null),
    onSuccess: onSignedIn,
    onError: (error) => {
      onError(error.message);
      if (error instanceof AuthError && error.offerOneTimeCode) onOfferOneTimeCode();
    },
  });
  const busy = signIn.isPending;
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => signIn.mutate(values))}>
      <EmailField registration={form.register('email')} error={form.formState.errors.email} disabled={busy} />
      <PasswordField
        label="Password"
        registration={form.register('password')}
        error={form.formState.errors.password}
        disabled={busy}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign in'}
      </Button>
    </form>
  );
}
