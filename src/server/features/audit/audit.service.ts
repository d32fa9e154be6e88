import { randomUUID } from 'node:crypto';
import { eq, inArray, or, sql } from 'drizzle-orm';
import type { SessionUser } from '../../context';
import type { Executor } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  /** e.g. 'user.set_role', 'ticket.resolve', 'chat.rename', 'assistant.update' */
  action: string;
  targetType: string;
  targetId: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Records an admin action. Call it with the transaction that makes the change, so the change and
 * its record are written together or not at all.
 */
export async function recordAudit(tx: Executor, actor: Pick<SessionUser, 'id' | 'email'>, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** What a staff member read of a user's data: each read is an audit entry of its own action. */
export const STAFF_READS = {
  chat: 'chat.read_only_view',
  user: 'user.read_detail',
  profile: 'user.read_profile',
  usage: 'user.read_usage',
  tickets: 'user.read_tickets',
  chats: 'user.read_chats',
  ratings: 'ratings.read',
} as const;
export type StaffRead = keyof typeof STAFF_READS;

/** The audit log's "reads" (the rest are changes). */
export const STAFF_READ_ACTIONS: string[] = Object.values(STAFF_READS);

/** The action of a staff member opening a user's chat read-only (`?ia=1`). */
export const STAFF_READ_ACTION = STAFF_READS.chat;

/** Records that a staff member opened a user's chat read-only: who, whose chat (the target), which, when. */
export function recordStaffRead(
  db: Executor,
  staff: Pick<SessionUser, 'id' | 'email'>,
  chat: { id: string; userId: string },
) {
  return recordAudit(db, staff, {
    action: STAFF_READ_ACTION,
    targetType: 'user',
    targetId: chat.userId,
    after: { chatId: chat.id },
  });
}

/** Records that a staff member read one kind of a user's data (the user is the target), and when. */
export function recordUserRead(
  db: Executor,
  staff: Pick<SessionUser, 'id' | 'email'>,
  read: Exclude<StaffRead, 'chat' | 'ratings'>,
  userId: string,
) {
  return recordAudit(db, staff, { action: STAFF_READS[read], targetType: 'user', targetId: userId });
}

/**
 * Takes a deleted account out of the audit log and keeps what staff did: each entry keeps its action,
 * time and acting staff member. The account's id becomes one random pseudonym (its entries still read
 * as one person's), its e-mail goes, and entries about the account or its rows (`ownRowIds`: chats,
 * tickets) lose their before/after values (titles, replies, the owner's id).
 */
export async function eraseFromAudit(
  tx: Executor,
  account: { id: string; email: string },
  ownRowIds: string[],
) {
  const pseudonym = `deleted-account-${randomUUID()}`;
  await tx
    .update(auditLog)
    .set({ actorId: pseudonym, actorEmail: null })
    .where(eq(auditLog.actorId, account.id));
  const values = sql`coalesce(${auditLog.before}::text, '') || coalesce(${auditLog.after}::text, '')`;
  await tx
    .update(auditLog)
    .set({
      targetId: sql`case when ${auditLog.targetId} = ${account.id} then ${pseudonym} else ${auditLog.targetId} end`,
      before: null,
      after: null,
    })
    .where(
      or(
        inArray(auditLog.targetId, [account.id, ...ownRowIds]),
        sql`strpos(${values}, ${account.id}) > 0`,
        sql`strpos(lower(${values}), ${JSON.stringify(account.email)}) > 0`,
      ),
    );
}
