import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/roles';
import { ADMIN_USERS_PAGE_SIZE } from '../../../shared/schemas/admin';
import { toSessionUser } from '../../auth/session';
import type { SessionUser } from '../../context';
import type { Database, Executor } from '../../db/client';
import { escapeLike } from '../../db/like';
import { users } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { loadGateState } from '../account/gate.service';
import { recordAudit } from '../audit/audit.service';
import { countUnresolvedByUser } from '../support/support.queries';

type Actor = Pick<SessionUser, 'id' | 'email'>;
type UserRow = typeof users.$inferSelect;

/** Prefix search on the lower-cased e-mail: served by the user_email_prefix_idx index. */
function emailStartsWith(search: string): SQL | undefined {
  if (!search) return undefined;
  return sql`lower(${users.email}) like ${`${escapeLike(search.toLowerCase())}%`}`;
}

/** A page of the users list, newest first (also what bench/admin-users.mjs explains). */
export function usersPageQuery(db: Executor, search: string, page: number) {
  return db
    .select({ id: users.id, email: users.email, role: users.role, createdAt: users.createdAt })
    .from(users)
    .where(emailStartsWith(search))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(ADMIN_USERS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_USERS_PAGE_SIZE);
}

/**
 * The admin users list: newest first, a page at a time, searched by e-mail, each with the count of
 * its unresolved tickets (one grouped query for the page).
 */
export async function listUsers(db: Database, search: string, page: number) {
  const [rows, [totals]] = await Promise.all([
    usersPageQuery(db, search, page),
    db.select({ total: count() }).from(users).where(emailStartsWith(search)),
  ]);
  const pending = await countUnresolvedByUser(
    db,
    rows.map((row) => row.id),
  );
  return {
    users: rows.map((row) => ({ ...row, pendingTickets: pending.get(row.id) ?? 0 })),
    total: totals?.total ?? 0,
    page,
    pageSize: ADMIN_USERS_PAGE_SIZE,
  };
}

export async function findUser(db: Executor, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User not found');
  return row;
}

/** The plan the user is on now (an active subscription's, else the chosen free plan), or null. */
export async function currentPlanOf(db: Database, row: UserRow) {
  return (await loadGateState(db, toSessionUser(row))).plan;
}

/** The header of /user/{id}: who the user is, their plan (name and price) and unresolved tickets. */
export async function getUserDetail(db: Database, userId: string) {
  const row = await findUser(db, userId);
  const plan = await currentPlanOf(db, row);
  const pending = await countUnresolvedByUser(db, [row.id]);
  return {
    user: { id: row.id, email: row.email, name: row.name, role: row.role as Role, createdAt: row.createdAt },
    plan: plan
      ? { id: plan.id, name: plan.name, priceCents: plan.priceCents, interval: plan.interval }
      : null,
    unresolvedTickets: pending.get(row.id) ?? 0,
  };
}

/**
 * Sets a user's privilege level, recorded in the audit log. The super admin rows are locked first so
 * two demotions at once cannot leave nobody in charge: the last super admin cannot be removed.
 */
export async function setUserRole(db: Database, actor: Actor, userId: string, role: Role) {
  return db.transaction(async (tx) => {
    const superAdmins = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.role, 'super_admin'))
      .for('update');
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User not found');
    if (target.role === 'super_admin' && role !== 'super_admin' && superAdmins.length <= 1) {
      throw new AppError(409, 'last_super_admin', 'The last super admin cannot be removed');
    }
    const [updated] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id, role: users.role });
    await recordAudit(tx, actor, {
      action: 'user.set_role',
      targetType: 'user',
      targetId: userId,
      before: { role: target.role },
      after: { role },
    });
    return { id: updated!.id, role: updated!.role as Role };
  });
}
