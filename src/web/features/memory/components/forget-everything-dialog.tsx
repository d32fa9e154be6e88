import { useState } from 'react';
import { toast } from 'sonner';
import { ERROR_CODES } from '../../../../shared/errors';
import { FORGET_CONFIRMATION } from '../../../../shared/schemas/memory';
import { SignInAgainForm } from '../../../components/sign-in-again-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-client';
import { useForgetEverything } from '../api/forget-memory';

export interface ForgetEverythingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account: { email: string; hasPassword: boolean };
}

/**
 * "Forget everything", with the proof deleting the account asks (decision 058): the typed word, and the
 * password, or for an account without one a sign-in again with a mailed code when the session is old.
 */
export function ForgetEverythingDialog({ open, onOpenChange, account }: ForgetEverythingDialogProps) {
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const [signInAgain, setSignInAgain] = useState(false);
  const forget = useForgetEverything();
  const ready = confirm === FORGET_CONFIRMATION && (!account.hasPassword || password !== '');
  const close = (next: boolean) => {
    if (forget.isPending) return;
    if (!next) {
      setConfirm('');
      setPassword('');
      setSignInAgain(false);
      forget.reset();
    }
    onOpenChange(next);
  };
  const forgetNow = () =>
    forget.mutate(
      { confirm: FORGET_CONFIRMATION, ...(account.hasPassword ? { password } : {}) },
      {
        onSuccess: () => {
          toast.success('Vidvisor forgot everything it knew about your business');
          close(false);
        },
        onError: (error) => {
          if (isApiError(error, ERROR_CODES.freshSignInRequired)) setSignInAgain(true);
        },
      },
    );
  const refusal = forget.isError && !signInAgain ? forget.error : null;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Forget everything?</DialogTitle>
          <DialogDescription>
            Vidvisor deletes every memory it has of your business. Your consultations and your plan stay. This
            cannot be undone.
          </DialogDescription>
        </DialogHeader>
        {signInAgain ? (
          <SignInAgainForm
            email={account.email}
            before="forgetting everything"
            verifyLabel="Verify and forget"
            busy={forget.isPending}
            onVerified={forgetNow}
            onCancel={() => close(false)}
          />
        ) : (
          <form
            className="grid gap-4"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (ready) forgetNow();
            }}
          >
            <Field label={`Type ${FORGET_CONFIRMATION} to confirm`}>
              {(props) => (
                <Input
                  {...props}
                  value={confirm}
                  autoComplete="off"
                  onChange={(event) => setConfirm(event.target.value)}
                  disabled={forget.isPending}
                />
              )}
            </Field>
            {account.hasPassword ? (
              <Field label="Your password">
                {(props) => (
                  <Input
                    {...props}
                    type="password"
                    autoComplete="current-password"
                    value={password}
                    onChange={(event) => setPassword(event.target.value)}
                    disabled={forget.isPending}
                  />
                )}
              </Field>
            ) : null}
            {refusal ? (
              <Alert tone="danger">
                {isApiError(refusal) && refusal.field
                  ? refusal.message.replace(`${refusal.field}: `, '')
                  : refusal.message}
              </Alert>
            ) : null}
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false)} disabled={forget.isPending}>
                Cancel
              </Button>
              <Button type="submit" variant="danger" disabled={!ready || forget.isPending}>
                {forget.isPending ? 'Forgetting...' : 'Forget everything'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
