import { useState } from 'react';
import { toast } from 'sonner';
import { FORGET_CONFIRMATION } from '../../../../shared/schemas/memory';
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
import { useForgetEverything } from '../api/forget-memory';

/** "Forget everything": the typed word, and the password when the account has one, as proof. */
export function ForgetEverythingDialog({
  open,
  onOpenChange,
  hasPassword,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  hasPassword: boolean;
}) {
  const [confirm, setConfirm] = useState('');
  const [password, setPassword] = useState('');
  const forget = useForgetEverything();
  const ready = confirm === FORGET_CONFIRMATION && (!hasPassword || password !== '');
  const close = (next: boolean) => {
    if (forget.isPending) return;
    if (!next) {
      setConfirm('');
      setPassword('');
      forget.reset();
    }
    onOpenChange(next);
  };

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
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!ready) return;
            forget.mutate(
              { confirm: FORGET_CONFIRMATION, ...(hasPassword ? { password } : {}) },
              {
                onSuccess: () => {
                  toast.success('Vidvisor forgot everything it knew about your business');
                  close(false);
                },
              },
            );
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
          {hasPassword ? (
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
          {forget.isError ? <Alert tone="danger">{forget.error.message}</Alert> : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => close(false)} disabled={forget.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" disabled={!ready || forget.isPending}>
              {forget.isPending ? 'Forgetting...' : 'Forget everything'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
