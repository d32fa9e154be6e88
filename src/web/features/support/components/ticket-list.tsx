import { ChevronDown } from 'lucide-react';
import { formatDateTime } from '../../../../shared/dates';
import { SUPPORT_MESSAGES } from '../../../../shared/schemas/support';
import { ReplyForm, TicketMessages, TicketStatusBadge } from '../../../components/support/ticket-thread';
import { Alert } from '../../../components/ui/alert';
import { LoadMore } from '../../../components/ui/load-more';
import { Spinner } from '../../../components/ui/spinner';
import { useTickets } from '../api/get-tickets';
import { useReplyToTicket } from '../api/reply-to-ticket';

/**
 * The user's tickets, newest first, Pending or Resolved, a page at a time with 'Load more'; each opens
 * into its thread with an answer box.
 */
export function TicketList() {
  const tickets = useTickets();
  const reply = useReplyToTicket();
  if (tickets.isPending) return <Spinner label="Loading support tickets" className="text-primary" />;
  if (tickets.isError) return <Alert tone="danger">{SUPPORT_MESSAGES.loadFailed}</Alert>;
  if (tickets.data.rows.length === 0) {
    return <p className="text-sm text-muted-foreground">{SUPPORT_MESSAGES.noTickets}</p>;
  }
  return (
    <div className="grid gap-4">
      <ul className="grid grid-cols-1 gap-2" aria-label="Your support tickets">
        {tickets.data.rows.map((ticket) => (
          <li key={ticket.id}>
            <details className="group rounded-lg border bg-card">
              <summary className="flex cursor-pointer list-none items-center gap-3 p-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{ticket.subject}</p>
                  <p className="text-xs text-muted-foreground">
                    {formatDateTime(ticket.createdAt)}
                    {ticket.replies.length
                      ? ` · ${ticket.replies.length} repl${ticket.replies.length === 1 ? 'y' : 'ies'}`
                      : ''}
                  </p>
                </div>
                <TicketStatusBadge resolved={ticket.resolved} />
                <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
              </summary>
              <div className="grid gap-3 border-t p-3">
                <TicketMessages ticket={ticket} viewer="user" />
                <ReplyForm
                  label="Your answer"
                  pending={reply.isPending}
                  failedMessage={SUPPORT_MESSAGES.sendFailed}
                  onReply={(message) => reply.mutateAsync({ ticketId: ticket.id, message })}
                />
              </div>
            </details>
          </li>
        ))}
      </ul>
      <LoadMore paged={{ ...tickets, data: tickets.data }} noun="tickets" />
    </div>
  );
}
