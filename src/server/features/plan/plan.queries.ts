import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, max, type SQL, sql } from 'drizzle-orm';
import type { PlanStatus } from '../../../shared/schemas/plan';
import type { Executor } from '../../db/client';
import { chats, planItems, planSettings, users } from '../../db/schema';

export type PlanItemRow = typeof planItems.$inferSelect;
export type PlanItemInsert = typeof planItems.$inferInsert;

/** An item with its consultation's title and whether that consultation is gone. */
export interface ListedPlanItem extends PlanItemRow {
  chatTitle: string | null;
  chatTranscript: string | null;
  chatDeletedAt: Date | null;
}

const STATUS_ORDER = sql`array_position(array['todo','in_progress','done','dropped']::text[], ${planItems.status})`;

/** The user's items (optionally filtered) in page order: status group, then position. */
export function listPlanItems(db: Executor, userId: string, filters: SQL[] = []) {
  return db
    .select({
      ...planItemColumns,
      chatTitle: chats.title,
      // The first line names an untitled chat; only that much of a transcript is read.
      chatTranscript: sql<string | null>`left(${chats.transcript}, 200)`,
      chatDeletedAt: chats.deletedAt,
    })
    .from(planItems)
    .leftJoin(chats, eq(chats.id, planItems.chatId))
    .where(and(eq(planItems.userId, userId), ...filters))
    .orderBy(STATUS_ORDER, asc(planItems.position), asc(planItems.createdAt), asc(planItems.id));
}

const planItemColumns = {
  id: planItems.id,
  userId: planItems.userId,
  fromAnswer: planItems.fromAnswer,
  chatId: planItems.chatId,
  messageId: planItems.messageId,
  title: planItems.title,
  why: planItems.why,
  note: planItems.note,
  status: planItems.status,
  dueDate: planItems.dueDate,
  position: planItems.position,
  videoId: planItems.videoId,
  momentSeconds: planItems.momentSeconds,
  momentSource: planItems.momentSource,
  videoTitle: planItems.videoTitle,
  answerStep: planItems.answerStep,
  createdAt: planItems.createdAt,
  updatedAt: planItems.updatedAt,
  doneAt: planItems.doneAt,
};

export const byIds = (ids: string[]) => inArray(planItems.id, ids);
export const byStatus = (status: PlanStatus) => eq(planItems.status, status);
export const byVideo = (videoId: string) => eq(planItems.videoId, videoId);
const open = inArray(planItems.status, ['todo', 'in_progress']);
/** The due-date filters keep open items only (to do, in progress): what is still to be done by then. */
export const dueFilters = {
  overdue: (today: string) => and(open, lt(planItems.dueDate, today)),
  week: (today: string, weekEnd: string) =>
    and(open, gte(planItems.dueDate, today), lte(planItems.dueDate, weekEnd)),
  later: (weekEnd: string) => and(open, sql`${planItems.dueDate} > ${weekEnd}`),
  none: () => and(open, isNull(planItems.dueDate)),
};

/** Locks the user's row for the rest of the transaction: adds of one user run one at a time. */
export async function lockUser(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function countItems(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(planItems)
    .where(eq(planItems.userId, userId));
  return row?.count ?? 0;
}

/** How many of `ids` are the user's items. */
export async function countOwnItems(db: Executor, userId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db.$count(planItems, and(eq(planItems.userId, userId), inArray(planItems.id, ids)));
}

/** The position after the last item of a status (0 when it has none). */
export async function nextPosition(db: Executor, userId: string, status: PlanStatus): Promise<number> {
  const [row] = await db
    .select({ last: max(planItems.position) })
    .from(planItems)
    .where(and(eq(planItems.userId, userId), eq(planItems.status, status)));
  return row?.last === null || row?.last === undefined ? 0 : row.last + 1;
}

/** Inserts items; one of the same answer and title already stored is skipped (returned by `findFromAnswer`). */
export async function insertItems(db: Executor, values: PlanItemInsert[]): Promise<PlanItemRow[]> {
  if (values.length === 0) return [];
  return db.insert(planItems).values(values).onConflictDoNothing().returning();
}

/** The user's items of an answer. */
export async function findFromAnswer(db: Executor, userId: string, messageId: string) {
  return db
    .select({ id: planItems.id, title: planItems.title, answerStep: planItems.answerStep })
    .from(planItems)
    .where(and(eq(planItems.userId, userId), eq(planItems.messageId, messageId)));
}

export async function findOwnItem(db: Executor, userId: string, itemId: string): Promise<PlanItemRow | null> {
  const [row] = await db
    .select()
    .from(planItems)
    .where(and(eq(planItems.id, itemId), eq(planItems.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function updateItem(db: Executor, userId: string, itemId: string, set: Partial<PlanItemInsert>) {
  await db
    .update(planItems)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(planItems.id, itemId), eq(planItems.userId, userId)));
}

export async function deleteItem(db: Executor, userId: string, itemId: string): Promise<boolean> {
  const rows = await db
    .delete(planItems)
    .where(and(eq(planItems.id, itemId), eq(planItems.userId, userId)))
    .returning({ id: planItems.id });
  return rows.length > 0;
}

export async function itemIdsOfStatus(db: Executor, userId: string, status: PlanStatus): Promise<string[]> {
  const rows = await db
    .select({ id: planItems.id })
    .from(planItems)
    .where(and(eq(planItems.userId, userId), eq(planItems.status, status)));
  return rows.map((row) => row.id);
}

/** The titles of the user's steps done or dropped, the latest changed first: a proposal never offers them again. */
export async function closedTitles(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ title: planItems.title })
    .from(planItems)
    .where(and(eq(planItems.userId, userId), inArray(planItems.status, ['done', 'dropped'])))
    .orderBy(desc(planItems.updatedAt));
  return rows.map((row) => row.title);
}

/** Sets each item's position to its index in `orderedIds`, in one statement. */
export async function setPositions(db: Executor, userId: string, orderedIds: string[]): Promise<void> {
  if (orderedIds.length === 0) return;
  const ids = sql`array[${sql.join(
    orderedIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
  await db.execute(sql`
    update ${planItems} set position = ordered.n - 1, updated_at = now()
    from unnest(${ids}) with ordinality as ordered(id, n)
    where ${planItems.id} = ordered.id and ${planItems.userId} = ${userId}`);
}

/** Figures over all of the user's items: done since a moment, due within days, overdue, done per week. */
export async function progressFigures(
  db: Executor,
  userId: string,
  bounds: { monthStart: Date; today: string; weekEnd: string; weeksFrom: Date; timeZone: string },
) {
  const [row] = await db
    .select({
      doneThisMonth: sql<number>`count(*) filter (where ${planItems.status} = 'done' and ${planItems.doneAt} >= ${bounds.monthStart})::int`,
      dueThisWeek: sql<number>`count(*) filter (where ${open} and ${planItems.dueDate} between ${bounds.today} and ${bounds.weekEnd})::int`,
      overdue: sql<number>`count(*) filter (where ${open} and ${planItems.dueDate} < ${bounds.today})::int`,
      doneAt: sql<
        string[]
      >`coalesce(array_agg(to_char(${planItems.doneAt} at time zone ${bounds.timeZone}, 'YYYY-MM-DD')) filter (where ${planItems.status} = 'done' and ${planItems.doneAt} >= ${bounds.weeksFrom}), '{}')`,
    })
    .from(planItems)
    .where(eq(planItems.userId, userId));
  return row ?? { doneThisMonth: 0, dueThisWeek: 0, overdue: 0, doneAt: [] };
}

/** The videos the user's items cite, for the video filter. */
export async function citedVideos(db: Executor, userId: string) {
  return db
    .selectDistinctOn([planItems.videoId], { videoId: planItems.videoId, title: planItems.videoTitle })
    .from(planItems)
    .where(and(eq(planItems.userId, userId), sql`${planItems.videoId} is not null`))
    .orderBy(planItems.videoId, sql`${planItems.videoTitle} is null`);
}

export async function findSettings(db: Executor, userId: string) {
  const [row] = await db.select().from(planSettings).where(eq(planSettings.userId, userId)).limit(1);
  return row ?? null;
}

export async function saveCheckIn(db: Executor, userId: string, checkIn: boolean, newToken: string) {
  await db
    .insert(planSettings)
    .values({ userId, checkIn, unsubscribeToken: newToken })
    .onConflictDoUpdate({
      target: planSettings.userId,
      set: {
        checkIn,
        unsubscribeToken: sql`coalesce(${planSettings.unsubscribeToken}, excluded.unsubscribe_token)`,
        updatedAt: new Date(),
      },
    });
}

/** The check-in mail's one-click unsubscribe: whether the secret belongs to someone (now unsubscribed). */
export async function unsubscribeCheckInByToken(db: Executor, token: string): Promise<boolean> {
  const rows = await db
    .update(planSettings)
    .set({ checkIn: false, updatedAt: new Date() })
    .where(eq(planSettings.unsubscribeToken, token))
    .returning({ userId: planSettings.userId });
  return rows.length > 0;
}

/** The user's open items due by `dueBy` (overdue ones too) and those done in [doneFrom, doneBefore). */
export async function checkInItems(
  db: Executor,
  userId: string,
  bounds: { dueBy: string; doneFrom: Date; doneBefore: Date },
) {
  return listPlanItems(db, userId, [
    sql`((${open} and ${planItems.dueDate} <= ${bounds.dueBy}) or (${planItems.status} = 'done' and ${planItems.doneAt} >= ${bounds.doneFrom} and ${planItems.doneAt} < ${bounds.doneBefore}))`,
  ]);
}
