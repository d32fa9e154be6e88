import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import {
  type ChangePasswordInput,
  changePasswordInput,
  PASSWORD_MESSAGES,
} from '../../../../shared/schemas/password';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useChangePassword } from '../api/change-password';

/** The spec's automatic sign-out after a password change. */
const SIGN_OUT_AFTER_PASSWORD_CHANGE_MS = 4000;

/** Change Password (e-mail identities): the reset page's rules, a success dialog, sign-out after 4 s. */
export function ChangePasswordForm({ onSignOut }: { onSignOut: () => void }) {
  const change = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordInput),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  });
  const errors = form.formState.errors;
  const busy = change.isPending || change.isSuccess;

  // The latest callback, read when the timer fires: a re-render must not restart the 4 seconds.
  const onSignOutRef = useRef(onSignOut);
  onSignOutRef.current = onSignOut;
  useEffect(() => {
    if (!change.isSuccess) return;
    const timer = setTimeout(() => onSignOutRef.current(), SIGN_OUT_AFTER_PASSWORD_CHANGE_MS);
    return () => clearTimeout(timer);
  }, [change.isSuccess]);

  const passwordField = (
    label: string,
    registration: UseFormRegisterReturn,
    error?: string,
    autoComplete = 'new-password',
  ) => (
    <Field label={label} error={error}>
      {(props) => (
        <Input {...props} {...registration} type="password" autoComplete={autoComplete} disabled={busy} />
      )}
    </Field>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change Password</CardTitle>
        <CardDescription>
          At least 6 characters. You will be signed out everywhere afterwards.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid max-w-md gap-4"
          noValidate
          onSubmit={form.handleSubmit((values) =>
            change.mutate({ currentPassword: values.currentPassword, newPassword: values.password }),
          )}
        >
          {passwordField(
            'Current Password',
            form.register('currentPassword'),
            errors.currentPassword?.message,
            'current-password',
          )}
          {passwordField('New Password', form.register('password'), errors.password?.message)}
          {passwordField(
            'Confirm Password',
            form.register('confirmPassword'),
            errors.confirmPassword?.message,
          )}
          {change.isError ? (
            <p role="alert" className="text-sm text-danger">
              {change.error.message || PASSWORD_MESSAGES.resetFallback}
            </p>
          ) : null}
          <Button type="submit" disabled={busy} className="justify-self-start">
            {change.isPending ? 'Updating...' : 'Change Password'}
          </Button>
        </form>
      </CardContent>
      <Dialog open={change.isSuccess}>
        <DialogContent dismissable={false}>
          <DialogHeader>
            <DialogTitle>Password Updated</DialogTitle>
            <DialogDescription>
              Your password has been changed. You will be signed out in 4 seconds; sign in again with your new
              password.
            </DialogDescription>
          </DialogHeader>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
