import { CalendarPlus, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '../../../../shared/dates';
import { CopyTextButton } from '../../../components/copy-text-button';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import {
  type CalendarAddress,
  useCalendarFeed,
  useCreateCalendarAddress,
  useStopCalendarFeed,
} from '../api/calendar-feed';

/**
 * 'Subscribe in your calendar' on My Plan: a private address of the plan's due dates that calendar apps
 * poll. The address is shown once (only its hash is kept); a lost one is reset, which stops the old.
 */
export function CalendarSubscription() {
  const [open, setOpen] = useState(false);
  const [address, setAddress] = useState<CalendarAddress | null>(null);
  const feed = useCalendarFeed(open);
  const create = useCreateCalendarAddress();
  const stop = useStopCalendarFeed();
  const makeAddress = () =>
    create.mutate(undefined, {
      onSuccess: setAddress,
      onError: (error) => toast.error(`Could not create the address: ${error.message}`),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setAddress(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline">
          <CalendarPlus /> Subscribe in your calendar
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Subscribe in your calendar</DialogTitle>
          <DialogDescription>
            Google Calendar, Apple Calendar or Outlook show your plan's due dates and keep them current as
            steps change. Done and dropped steps leave the calendar.
          </DialogDescription>
        </DialogHeader>
        {address ? (
          <NewAddress address={address} />
        ) : feed.isPending ? (
          <Spinner className="size-5" label="Loading your calendar address" />
        ) : feed.isError ? (
          <Alert tone="danger">Could not load your calendar address: {feed.error.message}</Alert>
        ) : feed.data.subscribed ? (
          <div className="grid gap-3">
            <p className="text-sm">
              Your private calendar address is active since {formatDateTime(feed.data.createdAt!)}. It was
              shown once; if you lost it, reset it: the old address stops working at once.
            </p>
            <div className="flex flex-wrap gap-2">
              <Button disabled={create.isPending} onClick={makeAddress}>
                Reset address
              </Button>
              <Button
                variant="danger"
                disabled={stop.isPending}
                onClick={() =>
                  stop.mutate(undefined, {
                    onSuccess: () => toast.success('Calendar address stopped'),
                    onError: () => toast.error('Could not stop the address. Please try again.'),
                  })
                }
              >
                Stop the calendar address
              </Button>
            </div>
          </div>
        ) : (
          <Button className="justify-self-start" disabled={create.isPending} onClick={makeAddress}>
            Create my private address
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}

function NewAddress({ address }: { address: CalendarAddress }) {
  return (
    <div className="grid gap-3">
      <Alert tone="warning">
        Keep this address private: anyone who has it can see your plan's due dates. It is shown only once.
      </Alert>
      <Input
        readOnly
        value={address.url}
        aria-label="Private calendar address"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div className="flex flex-wrap gap-2">
        <CopyTextButton text={address.url} what="address" />
        <Button asChild variant="outline">
          <a href={address.webcalUrl}>
            <ExternalLink /> Open in your calendar app
          </a>
        </Button>
      </div>
    </div>
  );
}
