import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { sendSignInAgainCode, signInAgainWithCode } from '../lib/sign-in-again';
import { Alert } from './ui/alert';
import { Button } from './ui/button';
import { DialogFooter } from './ui/dialog';
import { Field } from './ui/field';
import { Input } from './ui/input';

interface SignInAgainFormProps {
  email: string;
  /** What the fresh sign-in is for, as in "sign in again before deleting your account". */
  before: string;
  verifyLabel: string;
  /** The guarded action is under way. */
  busy: boolean;
  onVerified: () => void;
  onCancel: () => void;
}

/**
 * The proof a password-less account gives before a destructive action (decision 058): a one-time code
 * mailed to it signs it in again, and the fresh session lets the action through.
 */
export function SignInAgainForm({
  email,
  before,
  verifyLabel,
  busy,
  onVerified,
  onCancel,
}: SignInAgainFormProps) {
  const [otp, setOtp] = useState('');
  const send = useMutation({ mutationFn: () => sendSignInAgainCode(email) });
  const verify = useMutation({ mutationFn: () => signInAgainWithCode({ email, otp: otp.trim() }) });
  const working = busy || send.isPending || verify.isPending;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (send.isSuccess) verify.mutate(undefined, { onSuccess: onVerified });
        else send.mutate();
      }}
    >
      <Alert tone="warning">
        For your security, sign in again before {before}: we email a 6-digit code to {email}.
      </Alert>
      {send.isSuccess ? (
        <Field label="Code" error={verify.error?.message}>
          {(fieldProps) => (
            <Input
              {...fieldProps}
              value={otp}
              onChange={(event) => setOtp(event.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              disabled={working}
            />
          )}
        </Field>
      ) : null}
      {send.error ? <Alert tone="danger">{send.error.message}</Alert> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={working}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={working}>
          {send.isSuccess ? verifyLabel : send.isPending ? 'Sending...' : 'Email me a code'}
        </Button>
      </DialogFooter>
    </form>
  );
}
