import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { ERROR_CODES } from '../../../../shared/errors';
import {
  type DeleteAccountWithPasswordInput,
  deleteAccountWithPasswordInput,
} from '../../../../shared/schemas/account';
import { SignInAgainForm } from '../../../components/sign-in-again-form';
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
import type { useDeleteAccount } from '../api/delete-account';

const QUESTION =
  'Are you sure you want to delete your account? All of your data will be permanently removed. This action cannot be undone.';

type Removal = ReturnType<typeof useDeleteAccount>;

interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  email: string;
  hasPassword: boolean;
  remove: Removal;
  onDeleting?: () => void;
}

/** Delete Account's question, with its proof: the password, or a sign-in again with an e-mailed code. */
export function DeleteAccountDialog({ open, onOpenChange, remove, ...props }: DeleteAccountDialogProps) {
  const busy = remove.isPending;
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete Account</DialogTitle>
          <DialogDescription>{QUESTION}</DialogDescription>
        </DialogHeader>
        {props.hasPassword ? (
          <PasswordProof remove={remove} onCancel={() => onOpenChange(false)} onDeleting={props.onDeleting} />
        ) : (
          <SignInAgainProof
            email={props.email}
            remove={remove}
            onCancel={() => onOpenChange(false)}
            onDeleting={props.onDeleting}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

interface ProofProps {
  remove: Removal;
  onCancel: () => void;
  onDeleting?: () => void;
}

/** The server's sentence without the field it names first ('password: …'). */
const fieldMessage = (message: string, field: string) => message.replace(`${field}: `, '');

function PasswordProof({ remove, onCancel, onDeleting }: ProofProps) {
  const form = useForm<DeleteAccountWithPasswordInput>({
    resolver: zodResolver(deleteAccountWithPasswordInput),
    defaultValues: { password: '' },
  });
  const busy = remove.isPending;
  const submit = form.handleSubmit(({ password }) => {
    onDeleting?.();
    remove.mutate(
      { password },
      {
        onError: (error) => {
          if (isApiError(error) && error.field === 'password') {
            form.setError(
              'password',
              { message: fieldMessage(error.message, 'password') },
              { shouldFocus: true },
            );
          } else toast.error(error.message);
        },
      },
    );
  });
  return (
    <form className="grid gap-4" noValidate onSubmit={submit}>
      <Field label="Password" error={form.formState.errors.password?.message}>
        {(fieldProps) => (
          <Input
            {...fieldProps}
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
            // Read-only, not disabled, while deleting: a refused password can take the focus back.
            readOnly={busy}
          />
        )}
      </Field>
      <ProofButtons busy={busy} onCancel={onCancel} />
    </form>
  );
}

function SignInAgainProof({ email, remove, onCancel, onDeleting }: ProofProps & { email: string }) {
  const [asked, setAsked] = useState(false);
  const deleteNow = () => {
    onDeleting?.();
    remove.mutate(
      {},
      {
        onError: (error) => {
          if (isApiError(error, ERROR_CODES.freshSignInRequired)) setAsked(true);
          else toast.error(error.message);
        },
      },
    );
  };
  if (!asked) {
    return (
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          deleteNow();
        }}
      >
        <ProofButtons busy={remove.isPending} onCancel={onCancel} />
      </form>
    );
  }
  return (
    <SignInAgainForm
      email={email}
      before="deleting your account"
      verifyLabel="Verify and delete"
      busy={remove.isPending}
      onVerified={deleteNow}
      onCancel={onCancel}
    />
  );
}

function ProofButtons({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant="danger" disabled={busy}>
        {busy ? 'Deleting...' : 'Delete Account'}
      </Button>
    </DialogFooter>
  );
}
