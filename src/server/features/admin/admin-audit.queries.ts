import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import { AUDIT_PAGE_SIZE } from '../../../shared/schemas/admin';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditFilter {
  /** The actor's e-mail or id. */
  actor: string;
  /** The target's id. */
  target: string;
  page: number;
}

/** The audit log, newest first, optionally for one actor and/or one target (indexed both ways). */
export async function listAudit(db: Database, { actor, target, page }: AuditFilter) {
  const conditions: SQL[] = [];
  if (actor) {
    conditions.push(or(eq(auditLog.actorId, actor), eq(auditLog.actorEmail, actor.toLowerCase()))!);
  }
  if (target) conditions.push(eq(auditLog.targetId, target));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return { entries: rows.slice(0, AUDIT_PAGE_SIZE), hasMore: rows.length > AUDIT_PAGE_SIZE, page };
}
