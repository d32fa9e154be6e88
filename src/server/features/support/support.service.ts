import { eq } from 'drizzle-orm';
import { type CreateTicketInput, ticketSubject } from '../../../shared/schemas/support';
import type { AppDeps, SessionUser } from '../../context';
import type { Executor } from '../../db/client';
import { supportTicketReplies, supportTickets, users } from '../../db/schema';
import { notFound } from '../../http/errors';
import { recordAudit } from '../audit/audit.service';
import { supportFollowUpMail, supportReplyMail, supportRequestMail } from './support.emails';
import { findTicket, type TicketRow } from './support.queries';

type MailDeps = Pick<AppDeps, 'db' | 'mailer' | 'config' | 'logger'>;
type Actor = Pick<SessionUser, 'id' | 'email'>;

/** The ticket is stored first; a mail that cannot be delivered is logged (the outbox keeps it as failed). */
async function sendQuietly(deps: MailDeps, message: Parameters<AppDeps['mailer']['send']>[0]) {
  try {
    await deps.mailer.send(message);
  } catch (error) {
    deps.logger.warn({ err: error, kind: message.kind }, 'support mail not delivered');
  }
}

export async function createTicket(deps: MailDeps, user: SessionUser, input: CreateTicketInput) {
  const subject = ticketSubject(input.subject);
  const [ticket] = await deps.db
    .insert(supportTickets)
    .values({ userId: user.id, subject, message: input.message })
    .returning();
  await sendQuietly(deps, supportRequestMail(deps.config.SUPPORT_EMAIL, user, subject, input.message));
  return ticket!;
}

/** The ids of every ticket of a user (for erasing the account). */
export async function ticketIdsOf(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId));
  return rows.map((row) => row.id);
}

/** The signed-in user's own ticket, or 404 (another user's ticket is not found, not forbidden). */
async function ownTicket(db: Executor, user: SessionUser, ticketId: string): Promise<TicketRow> {
  const ticket = await findTicket(db, ticketId);
  if (!ticket || ticket.userId !== user.id) throw notFound('Ticket not found');
  return ticket;
}

async function addReply(
  tx: Executor,
  ticketId: string,
  author: { id: string; role: 'user' | 'support' },
  message: string,
) {
  const [reply] = await tx
    .insert(supportTicketReplies)
    .values({ ticketId, authorId: author.id, authorRole: author.role, message })
    .returning();
  return reply!;
}

/** The user answers in their ticket's thread; an answer reopens a resolved ticket. */
export async function replyAsUser(deps: MailDeps, user: SessionUser, ticketId: string, message: string) {
  const ticket = await ownTicket(deps.db, user, ticketId);
  const reply = await deps.db.transaction(async (tx) => {
    await tx
      .update(supportTickets)
      .set({ resolved: false, updatedAt: new Date() })
      .where(eq(supportTickets.id, ticket.id));
    return addReply(tx, ticket.id, { id: user.id, role: 'user' }, message);
  });
  await sendQuietly(deps, supportFollowUpMail(deps.config.SUPPORT_EMAIL, user, ticket.subject, message));
  return reply;
}

async function ticketForStaff(db: Executor, ticketId: string): Promise<TicketRow> {
  const ticket = await findTicket(db, ticketId);
  if (!ticket) throw notFound('Ticket not found');
  return ticket;
}

/** A super admin replies: recorded in the audit log with the reply, and the user is e-mailed. */
export async function replyAsSupport(deps: MailDeps, actor: Actor, ticketId: string, message: string) {
  const ticket = await ticketForStaff(deps.db, ticketId);
  const reply = await deps.db.transaction(async (tx) => {
    const created = await addReply(tx, ticket.id, { id: actor.id, role: 'support' }, message);
    await tx.update(supportTickets).set({ updatedAt: new Date() }).where(eq(supportTickets.id, ticket.id));
    await recordAudit(tx, actor, {
      action: 'ticket.reply',
      targetType: 'ticket',
      targetId: ticket.id,
      after: { replyId: created.id, message },
    });
    return created;
  });
  const [owner] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, ticket.userId));
  if (owner) {
    const url = `${deps.config.baseUrl}/profile?tab=support`;
    await sendQuietly(deps, supportReplyMail(owner, ticket.subject, message, url));
  }
  return reply;
}

/** Mark as Resolved (super admins), recorded with the state before and after. */
export async function resolveTicket(db: AppDeps['db'], actor: Actor, ticketId: string) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(supportTickets)
      .where(eq(supportTickets.id, ticketId))
      .for('update');
    if (!before) throw notFound('Ticket not found');
    const [after] = await tx
      .update(supportTickets)
      .set({ resolved: true, updatedAt: new Date() })
      .where(eq(supportTickets.id, ticketId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'ticket.resolve',
      targetType: 'ticket',
      targetId: ticketId,
      before: { resolved: before.resolved },
      after: { resolved: true },
    });
    return after!;
  });
}
