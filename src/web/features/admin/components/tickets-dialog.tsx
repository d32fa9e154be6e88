import { CheckCircle2 } from 'lucide-react';
import { toast } from 'sonner';
import { formatDateTime } from '../../../../shared/dates';
import { ADMIN_TOAST_MS } from '../../../../shared/schemas/admin';
import { SUPPORT_MESSAGES } from '../../../../shared/schemas/support';
import { ReplyForm, TicketMessages, TicketStatusBadge } from '../../../components/support/ticket-thread';
import { Button } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { useUserTickets } from '../api/get-user-tickets';
import { useReplyTicket } from '../api/reply-ticket';
import { useResolveTicket } from '../api/resolve-ticket';
import { QueryDialog, type UserPanelProps } from './query-dialog';

/** 'Support Tickets': each ticket as a thread, with a reply box and 'Mark as Resolved'. */
export function TicketsDialog({ userId, open, onOpenChange }: UserPanelProps) {
  const tickets = useUserTickets(userId, { enabled: open });
  const reply = useReplyTicket(userId);
  const resolve = useResolveTicket();
  const markResolved = (ticketId: string) =>
    resolve.mutate(ticketId, {
      onSuccess: () => toast.success(SUPPORT_MESSAGES.ticketResolved, { duration: ADMIN_TOAST_MS }),
      onError: (error) => toast.error(error.message, { duration: ADMIN_TOAST_MS }),
    });
  return (
    <QueryDialog
      title="Support Tickets"
      wide
      open={open}
      onOpenChange={onOpenChange}
      query={tickets}
      failedMessage={SUPPORT_MESSAGES.loadFailed}
      emptyMessage={SUPPORT_MESSAGES.noTickets}
      isEmpty={(data) => data.rows.length === 0}
    >
      {(data) => (
        <div className="grid gap-4">
          <ul className="grid grid-cols-1 gap-4" aria-label="Support tickets">
            {data.rows.map((ticket) => (
              <li key={ticket.id} className="grid gap-3 rounded-lg border p-3">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="min-w-0 flex-1 truncate font-medium">{ticket.subject}</h3>
                  <TicketStatusBadge resolved={ticket.resolved} />
                  <span className="w-full text-xs text-muted-foreground">
                    {formatDateTime(ticket.createdAt)}
                  </span>
                </div>
                <TicketMessages ticket={ticket} viewer="support" />
                <ReplyForm
                  label="Reply"
                  pending={reply.isPending}
                  failedMessage={SUPPORT_MESSAGES.sendFailed}
                  toastDuration={ADMIN_TOAST_MS}
                  onReply={(message) => reply.mutateAsync({ ticketId: ticket.id, message })}
                />
                {ticket.resolved ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="justify-self-start"
                    disabled={resolve.isPending}
                    onClick={() => markResolved(ticket.id)}
                  >
                    <CheckCircle2 /> Mark as Resolved
                  </Button>
                )}
              </li>
            ))}
          </ul>
          <LoadMore paged={{ ...tickets, data }} noun="tickets" />
        </div>
      )}
    </QueryDialog>
  );
}
