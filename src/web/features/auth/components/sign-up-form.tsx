import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { type SignUpInput, signUpInput } from '../../../../shared/schemas/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { signUpWithPassword } from '../api/auth-actions';
import { EmailField, PasswordField } from './fields';

export const CHECK_EMAIL_MESSAGE = 'Check your email for the confirmation link';

export function SignUpForm({ onError }: { onError: (message: string | null) => void }) {
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpInput),
    defaultValues: { name: '', email: '', password: '' },
  });
  const signUp = useMutation({
    mutationFn: signUpWithPassword,
    onMutate: () => onError(null),
    onError: (error) => onError(error.message),
  });
  if (signUp.isSuccess) {
    return (
      <Alert tone="success">
        <p className="font-medium">{CHECK_EMAIL_MESSAGE}</p>
        <p className="mt-1">We sent it to {signUp.variables.email}. The link signs you in.</p>
      </Alert>
    );
  }
  const busy = signUp.isPending;
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => signUp.mutate(values))}>
      <Field label="Name (optional)" error={form.formState.errors.name?.message}>
        {(props) => <Input {...props} {...form.register('name')} autoComplete="name" disabled={busy} />}
      </Field>
      <EmailField registration={form.register('email')} error={form.formState.errors.email} disabled={busy} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        registration={form.register('password')}
        error={form.formState.errors.password}
        disabled={busy}
      />
      <Button type="submit" disabled={busy}>
        {busy ? 'Signing up...' : 'Sign up'}
      </Button>
    </form>
  );
}
