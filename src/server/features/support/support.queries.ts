import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { PageCursor } from '../../../shared/schemas/pagination';
import { TICKETS_PAGE_SIZE } from '../../../shared/schemas/support';
import type { Executor } from '../../db/client';
import { newestFirst, toPage } from '../../db/keyset';
import { supportTicketReplies, supportTickets } from '../../db/schema';

export type TicketRow = typeof supportTickets.$inferSelect;

const ticketColumns = {
  id: supportTickets.id,
  userId: supportTickets.userId,
  subject: supportTickets.subject,
  message: supportTickets.message,
  resolved: supportTickets.resolved,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
};

const ticketOrder = newestFirst(supportTickets);

/**
 * A page of a user's tickets, newest first, each with its thread of replies (oldest first), the cursor
 * of the next page and how many tickets the user has in all.
 */
export async function listTicketThreads(db: Executor, userId: string, cursor?: PageCursor) {
  const ofUser = eq(supportTickets.userId, userId);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...ticketColumns, position: ticketOrder.position })
      .from(supportTickets)
      .where(and(ofUser, ticketOrder.after(cursor)))
      .orderBy(...ticketOrder.orderBy)
      .limit(TICKETS_PAGE_SIZE + 1),
    db.select({ total: count() }).from(supportTickets).where(ofUser),
  ]);
  const { items: tickets, nextCursor } = toPage('tickets', rows, TICKETS_PAGE_SIZE);
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
  return {
    tickets: tickets.map((ticket) => ({
      ...ticket,
      replies: replies
        .filter((reply) => reply.ticketId === ticket.id)
        .map(({ ticketId: _ticketId, ...reply }) => reply),
    })),
    nextCursor,
    total: totals?.total ?? 0,
  };
}

/** The support team's newest replies to any of a user's tickets, newest first, with their ticket's subject. */
export async function latestSupportReplies(db: Executor, userId: string, limit: number) {
  return db
    .select({
      id: supportTicketReplies.id,
      ticketId: supportTicketReplies.ticketId,
      subject: supportTickets.subject,
      message: supportTicketReplies.message,
      createdAt: supportTicketReplies.createdAt,
    })
    .from(supportTicketReplies)
    .innerJoin(supportTickets, eq(supportTickets.id, supportTicketReplies.ticketId))
    .where(and(eq(supportTickets.userId, userId), eq(supportTicketReplies.authorRole, 'support')))
    .orderBy(desc(supportTicketReplies.createdAt), desc(supportTicketReplies.id))
    .limit(limit);
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
