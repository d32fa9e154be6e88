import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useDeleteAccount } from '../api/delete-account';
import { DeleteAccountDialog } from './delete-account-dialog';

/**
 * Delete Account: confirm with proof (the password, or a fresh sign-in by code), delete (the subscription is cancelled first, on the server), then the
 * Account Deleted notice; closing it calls `onDeleted` (sign out, go home).
 */
export function DeleteAccountCard({
  email,
  hasPassword,
  onDeleting,
  onDeleted,
}: {
  email: string;
  /** Signs in with a password: that is the proof asked; otherwise a fresh sign-in by code. */
  hasPassword: boolean;
  /** Called when deletion starts: the page stops reloading account data that is about to vanish. */
  onDeleting?: () => void;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteAccount();
  return (
    <Card className="border-danger/40">
      <CardHeader>
        <CardTitle>Delete Account</CardTitle>
        <CardDescription>
          Permanently delete your account, your business profile, your chats and your billing details. Any
          subscription is cancelled. This cannot be undone.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Delete Account
        </Button>
      </CardContent>
      <DeleteAccountDialog
        open={confirming && !remove.isSuccess}
        onOpenChange={setConfirming}
        email={email}
        hasPassword={hasPassword}
        remove={remove}
        onDeleting={onDeleting}
      />
      <Dialog open={remove.isSuccess} onOpenChange={(open) => !open && onDeleted()}>
        <DialogContent dismissable={false}>
          <DialogHeader>
            <DialogTitle>Account Deleted</DialogTitle>
            <DialogDescription>
              Your account and all of your data have been deleted. Thank you for trying Vidvisor.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button onClick={onDeleted}>Close</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
