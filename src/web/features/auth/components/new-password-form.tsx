import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  type NewPasswordInput,
  newPasswordInput,
  PASSWORD_MESSAGES,
} from '../../../../shared/schemas/password';
import { Button } from '../../../components/ui/button';
import { resetPassword } from '../api/auth-actions';
import { PasswordField } from './fields';

/** New Password + Confirm Password with the spec's inline errors; sets the password of a reset token. */
export function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordInput),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const reset = useMutation({
    mutationFn: (values: NewPasswordInput) => resetPassword({ token, newPassword: values.password }),
    onSuccess: onDone,
  });
  const busy = reset.isPending || reset.isSuccess;
  const errors = form.formState.errors;
  return (
    <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values))}>
      <PasswordField
        label="New Password"
        autoComplete="new-password"
        registration={form.register('password')}
        error={errors.password}
        disabled={busy}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        registration={form.register('confirmPassword')}
        error={errors.confirmPassword}
        disabled={busy}
      />
      {reset.isError ? (
        <p role="alert" className="text-sm text-danger">
          {reset.error.message || PASSWORD_MESSAGES.resetFallback}
        </p>
      ) : null}
      <Button type="submit" disabled={busy}>
        {busy ? 'Resetting...' : 'Reset Password'}
      </Button>
    </form>
  );
}
