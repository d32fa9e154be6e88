import { and, desc, eq, inArray, notInArray, or, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE, type AuditKind } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { STAFF_READ_ACTIONS } from '../audit/audit.service';

export interface AuditFilter {
  /** The actor's e-mail or id. */
  actor: string;
  /** The target's id. */
  target: string;
  /** Staff reads of a user's data, the changes, or both. */
  kind: AuditKind;
  page: number;
}

/** The audit log, newest first, optionally for one actor, one target and/or one kind (reads, changes). */
export async function listAudit(db: Database, { actor, target, kind, page }: AuditFilter) {
  const conditions: SQL[] = [];
  if (actor) {
    conditions.push(or(eq(auditLog.actorId, actor), eq(auditLog.actorEmail, actor.toLowerCase()))!);
  }
  if (target) conditions.push(eq(auditLog.targetId, target));
  if (kind === 'reads') conditions.push(inArray(auditLog.action, STAFF_READ_ACTIONS));
  if (kind === 'changes') conditions.push(notInArray(auditLog.action, STAFF_READ_ACTIONS));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE), hasMore: rows.length > AUDIT_PAGE_SIZE, page };
}
