import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type ExternalToast, toast } from 'sonner';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The danger question before removing `item` (null: closed): runs `removal` with its id, says how it went
 * in a toast, and closes once it is done (a failure leaves it open to try again).
 */
export function ConfirmRemoval<T extends { id: string }>({
  item,
  onClose,
  removal,
  title,
  description,
  confirmLabel,
  busyLabel,
  done,
  failed = (message) => message,
  toastOptions,
}: {
  item: T | null;
  onClose: () => void;
  removal: Pick<UseMutationResult<unknown, Error, string>, 'mutate' | 'isPending'>;
  title: string;
  description: (item: T) => ReactNode;
  confirmLabel: string;
  busyLabel: string;
  /** The toast once removed. */
  done: (item: T) => string;
  /** The toast of a failure, from its message. */
  failed?: (message: string) => string;
  toastOptions?: ExternalToast;
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={item ? description(item) : ''}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      busy={removal.isPending}
      tone="danger"
      onConfirm={() =>
        item &&
        removal.mutate(item.id, {
          onSuccess: () => {
            toast.success(done(item), toastOptions);
            onClose();
          },
          onError: (error) => toast.error(failed(error.message), toastOptions),
        })
      }
    />
  );
}
