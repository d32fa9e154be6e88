import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { formatDateTime } from '../../../shared/dates';
import { type TicketReplyInput, ticketReplyInput } from '../../../shared/schemas/support';
import { rateLimitedMessageOr } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Textarea } from '../ui/input';

export interface TicketView {
  id: string;
  subject: string;
  message: string;
  resolved: boolean;
  createdAt: string;
  replies: { id: string; authorRole: 'user' | 'support'; message: string; createdAt: string }[];
}

export function TicketStatusBadge({ resolved }: { resolved: boolean }) {
  return <Badge tone={resolved ? 'success' : 'warning'}>{resolved ? 'Resolved' : 'Pending'}</Badge>;
}

/**
 * A ticket as a thread: the first message, then the replies. `viewer` says whose messages sit on the
 * right (the user's own on their screens, the team's on the admin's).
 */
export function TicketMessages({ ticket, viewer }: { ticket: TicketView; viewer: 'user' | 'support' }) {
  const messages = [
    { id: ticket.id, authorRole: 'user' as const, message: ticket.message, createdAt: ticket.createdAt },
    ...ticket.replies,
  ];
  return (
    <ol className="grid gap-2">
      {messages.map((message) => {
        const mine = message.authorRole === viewer;
        return (
          <li
            key={message.id}
            className={cn(
              'max-w-[85%] rounded-lg px-3 py-2 text-sm',
              mine ? 'justify-self-end bg-primary/10' : 'justify-self-start bg-muted',
            )}
          >
            <p className="mb-1 text-xs font-medium text-muted-foreground">
              {message.authorRole === 'support' ? 'Support team' : viewer === 'user' ? 'You' : 'User'} ·{' '}
              {formatDateTime(message.createdAt)}
            </p>
            <p className="whitespace-pre-wrap break-words">{message.message}</p>
          </li>
        );
      })}
    </ol>
  );
}

/** The answer box under a thread; a failed send keeps the text in place and toasts `failedMessage`. */
export function ReplyForm({
  label,
  pending,
  failedMessage,
  toastDuration,
  onReply,
}: {
  label: string;
  pending: boolean;
  failedMessage: string;
  toastDuration?: number;
  onReply: (message: string) => Promise<unknown>;
}) {
  const form = useForm<TicketReplyInput>({
    resolver: zodResolver(ticketReplyInput),
    defaultValues: { message: '' },
  });
  const onSubmit = form.handleSubmit(async ({ message }) => {
    try {
      await onReply(message);
      form.reset({ message: '' });
    } catch (error) {
      toast.error(rateLimitedMessageOr(error, failedMessage), { duration: toastDuration });
    }
  });
  return (
    <form className="grid gap-2" onSubmit={onSubmit} noValidate>
      <Field label={label} error={form.formState.errors.message?.message}>
        {(props) => <Textarea {...props} rows={3} {...form.register('message')} />}
      </Field>
      <Button type="submit" size="sm" className="justify-self-end" disabled={pending}>
        {pending ? 'Sending...' : 'Send reply'}
      </Button>
    </form>
  );
}
