import { useEffect } from 'react';
import { toast } from 'sonner';
import { ADMIN_TOAST_MS } from '../../../../shared/schemas/admin';

/** Toasts `message` (admin duration) when a query fails. */
export function useErrorToast(failed: boolean, message: string) {
  useEffect(() => {
    if (failed) toast.error(message, { duration: ADMIN_TOAST_MS });
  }, [failed, message]);
}
