import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { supportTicketReplies, supportTickets } from '../../db/schema';

export type TicketRow = typeof supportTickets.$inferSelect;

/** How many tickets a listing returns (newest first): plenty for a person's own history. */
export const TICKET_LIST_LIMIT = 100;

const ticketColumns = {
  id: supportTickets.id,
  userId: supportTickets.userId,
  subject: supportTickets.subject,
  message: supportTickets.message,
  resolved: supportTickets.resolved,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
};

/** A user's tickets, newest first, each with its thread of replies (oldest first). */
export async function listTicketThreads(db: Executor, userId: string) {
  const tickets = await db
    .select(ticketColumns)
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.createdAt))
    .limit(TICKET_LIST_LIMIT);
  const replies = tickets.length
    ? await db
        .select({
          id: supportTicketReplies.id,
          ticketId: supportTicketReplies.ticketId,
          authorRole: supportTicketReplies.authorRole,
          message: supportTicketReplies.message,
          createdAt: supportTicketReplies.createdAt,
        })
        .from(supportTicketReplies)
        .where(
          inArray(
            supportTicketReplies.ticketId,
            tickets.map((t) => t.id),
          ),
        )
        .orderBy(asc(supportTicketReplies.createdAt))
    : [];
  return tickets.map((ticket) => ({
    ...ticket,
    replies: replies
      .filter((reply) => reply.ticketId === ticket.id)
      .map(({ ticketId: _ticketId, ...reply }) => reply),
  }));
}

export async function findTicket(db: Executor, ticketId: string): Promise<TicketRow | null> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).limit(1);
  return row ?? null;
}

/** Unresolved tickets per user, for the given users, in one grouped query (partial index). */
export async function countUnresolvedByUser(db: Executor, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: supportTickets.userId, pending: count() })
    .from(supportTickets)
    .where(and(eq(supportTickets.resolved, false), inArray(supportTickets.userId, userIds)))
    .groupBy(supportTickets.userId);
  return new Map(rows.map((row) => [row.userId, row.pending]));
}
