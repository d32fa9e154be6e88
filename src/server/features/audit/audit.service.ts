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
