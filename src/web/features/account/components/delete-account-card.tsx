import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useDeleteAccount } from '../api/delete-account';

/**
 * Delete Account: confirm, delete (the subscription is cancelled first, on the server), then the
 * Account Deleted notice; closing it calls `onDeleted` (sign out, go home).
 */
export function DeleteAccountCard({
  onDeleting,
  onDeleted,
}: {
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
      <ConfirmDialog
        open={confirming && !remove.isSuccess}
        onOpenChange={setConfirming}
        title="Delete Account"
        description="Are you sure you want to delete your account? All of your data will be permanently removed. This action cannot be undone."
        confirmLabel="Delete Account"
        busyLabel="Deleting..."
        tone="danger"
        busy={remove.isPending}
        onConfirm={() => {
          onDeleting?.();
          remove.mutate(undefined, {
            onError: (error) => {
              console.error('account deletion failed', error);
              toast.error(error.message);
            },
          });
        }}
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
