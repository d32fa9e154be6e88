import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../../../shared/dates';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useWaitlist } from '../api/get-waitlist';

/** The 'Waitlist' button of /admin and its modal of e-mails and join dates. */
export function WaitlistDialog() {
  const [open, setOpen] = useState(false);
  const waitlist = useWaitlist({ enabled: open });
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ListChecks /> Waitlist
        </Button>
      </DialogTrigger>
      <DialogContent aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>Waitlist</DialogTitle>
        </DialogHeader>
        {waitlist.isPending ? (
          <Spinner label="Loading waitlist" className="text-primary" />
        ) : waitlist.isError ? (
          <Alert tone="danger">{waitlist.error.message}</Alert>
        ) : waitlist.data.entries.length === 0 ? (
          <p className="text-muted-foreground">{ADMIN_MESSAGES.noWaitlist}</p>
        ) : (
          <>
            <p className="text-sm text-muted-foreground">
              {waitlist.data.total} {waitlist.data.total === 1 ? 'person' : 'people'}
              {waitlist.data.total > waitlist.data.entries.length
                ? `, the newest ${waitlist.data.entries.length} shown`
                : ''}
            </p>
            <ul className="divide-y rounded-md border">
              {waitlist.data.entries.map((entry) => (
                <li key={entry.id} className="flex justify-between gap-4 px-3 py-2 text-sm">
                  <span className="truncate">{entry.email}</span>
                  <time className="shrink-0 text-muted-foreground" dateTime={entry.createdAt}>
                    {formatDate(entry.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
