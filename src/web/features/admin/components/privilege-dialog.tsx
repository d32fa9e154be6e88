import { useState } from 'react';
import { toast } from 'sonner';
import { ROLE_LABELS, ROLES, type Role } from '../../../../shared/roles';
import { ADMIN_MESSAGES, ADMIN_TOAST_MS } from '../../../../shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/input';
import { useSetRole } from '../api/set-role';

/** 'Add Privilege': choose user / admin / super_admin; Save stays disabled until a level is chosen. */
export function PrivilegeDialog({
  userId,
  email,
  open,
  onOpenChange,
}: {
  userId: string;
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [level, setLevel] = useState<Role | ''>('');
  const setRole = useSetRole();
  const close = () => {
    setLevel('');
    onOpenChange(false);
  };
  const save = () => {
    if (!level) return;
    setRole.mutate(
      { userId, role: level },
      {
        onSuccess: () => {
          toast.success(ADMIN_MESSAGES.privilegeUpdated, { duration: ADMIN_TOAST_MS });
          close();
        },
        onError: (error) =>
          toast.error(ADMIN_MESSAGES.privilegeFailed, {
            description: error.message,
            duration: ADMIN_TOAST_MS,
          }),
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add Privilege</DialogTitle>
          <DialogDescription>Set the privilege level of {email}.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-1.5">
          <Label htmlFor="privilege-level">Privilege level</Label>
          <select
            id="privilege-level"
            className="h-10 rounded-md border border-input bg-background px-3 text-base sm:text-sm"
            value={level}
            onChange={(event) => setLevel(event.target.value as Role | '')}
          >
            <option value="" disabled>
              Select a level
            </option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]} ({role})
              </option>
            ))}
          </select>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button disabled={!level || setRole.isPending} onClick={save}>
            Save
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
