import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { toast } from 'sonner';
import { ADMIN_TOAST_MS } from '../../../../shared/schemas/admin';
import { Alert } from '../../../components/ui/alert';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';

/**
 * A user-detail modal that shows one query: a spinner while it loads, the failure (toasted too, with
 * the admin duration), the empty text, or `children` with the data.
 */
export function QueryDialog<T>({
  title,
  open,
  onOpenChange,
  query,
  failedMessage,
  emptyMessage,
  isEmpty,
  wide = false,
  children,
}: {
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  query: UseQueryResult<T>;
  failedMessage: string;
  emptyMessage?: string;
  isEmpty?: (data: T) => boolean;
  wide?: boolean;
  children: (data: T) => ReactNode;
}) {
  useEffect(() => {
    if (query.isError) toast.error(failedMessage, { duration: ADMIN_TOAST_MS });
  }, [query.isError, failedMessage]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={wide ? 'max-w-2xl' : undefined} aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
        </DialogHeader>
        {query.isPending ? (
          <Spinner label={`Loading ${title.toLowerCase()}`} className="text-primary" />
        ) : query.isError ? (
          <Alert tone="danger">{failedMessage}</Alert>
        ) : isEmpty?.(query.data) ? (
          <p className="text-muted-foreground">{emptyMessage}</p>
        ) : (
          children(query.data)
        )}
      </DialogContent>
    </Dialog>
  );
}

export interface UserPanelProps {
  userId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}
