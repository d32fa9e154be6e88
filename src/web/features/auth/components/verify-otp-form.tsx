import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { type VerifyOtpInput, verifyOtpInput } from '../../../../shared/schemas/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { sendSignInCode, signInWithCode } from '../api/auth-actions';
import { EmailField } from './fields';

/** Two steps on one form: mail me a code, then type it in. */
export function VerifyOtpForm({
  onSignedIn,
  onError,
}: {
  onSignedIn: () => void;
  onError: (message: string | null) => void;
}) {
  const form = useForm<VerifyOtpInput>({
    resolver: zodResolver(verifyOtpInput),
    defaultValues: { email: '', otp: '' },
  });
  const send = useMutation({
    mutationFn: sendSignInCode,
    onMutate: () => onError(null),
    onError: (error) => onError(error.message),
  });
  const verify = useMutation({
    mutationFn: signInWithCode,
    onMutate: () => onError(null),
    onSuccess: onSignedIn,
    onError: (error) => onError(error.message),
  });
  const codeSent = send.isSuccess;
  const busy = send.isPending || verify.isPending;

  const sendCode = async () => {
    if (await form.trigger('email')) send.mutate(form.getValues('email').trim());
  };

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={
        codeSent
          ? form.handleSubmit((values) => verify.mutate(values))
          : (event) => {
              event.preventDefault();
              void sendCode();
            }
      }
    >
      <EmailField
        registration={form.register('email')}
        error={form.formState.errors.email}
        disabled={busy || codeSent}
      />
      {codeSent ? (
        <>
          <Alert tone="success">We emailed you a 6-digit code. It works for five minutes.</Alert>
          <Field label="Code" error={form.formState.errors.otp?.message}>
            {(props) => (
              <Input
                {...props}
                {...form.register('otp')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="123456"
                disabled={busy}
              />
            )}
          </Field>
          <Button type="submit" disabled={busy}>
            {verify.isPending ? 'Verifying...' : 'Verify code'}
          </Button>
          <Button variant="ghost" disabled={busy} onClick={() => send.mutate(form.getValues('email').trim())}>
            Send a new code
          </Button>
        </>
      ) : (
        <Button type="submit" disabled={busy}>
          {send.isPending ? 'Sending...' : 'Send code'}
        </Button>
      )}
    </form>
  );
}
