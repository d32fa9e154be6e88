import { ListChecks } from 'lucide-react';
import { useState } from 'react';
import { formatDate } from '../../../../shared/dates';
import { ADMIN_MESSAGES } from '../../../../shared/schemas/admin';
import { Button } from '../../../components/ui/button';
import { useWaitlist } from '../api/get-waitlist';
import { QueryDialog } from './query-dialog';

/** The 'Waitlist' button of /admin and its modal of e-mails and join dates. */
export function WaitlistDialog() {
  const [open, setOpen] = useState(false);
  const waitlist = useWaitlist({ enabled: open });
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <ListChecks /> Waitlist
      </Button>
      <QueryDialog
        title="Waitlist"
        open={open}
        onOpenChange={setOpen}
        query={waitlist}
        failedMessage={ADMIN_MESSAGES.waitlistFailed}
        emptyMessage={ADMIN_MESSAGES.noWaitlist}
        isEmpty={(data) => data.entries.length === 0}
      >
        {(data) => (
          <>
            <p className="text-sm text-muted-foreground">
              {data.total} {data.total === 1 ? 'person' : 'people'}
              {data.total > data.entries.length ? `, the newest ${data.entries.length} shown` : ''}
            </p>
            <ul className="divide-y rounded-md border">
              {data.entries.map((entry) => (
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
      </QueryDialog>
    </>
  );
}
