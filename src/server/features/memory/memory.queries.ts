import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memories, memorySettings, users } from '../../db/schema';

export type MemoryRow = typeof memories.$inferSelect;
export type NewMemory = Omit<typeof memories.$inferInsert, 'id' | 'number' | 'search' | 'userId'>;

/** Holds the user's row until the transaction ends: memories of one user are numbered one at a time. */
export async function lockUser(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function listOwnMemories(db: Executor, userId: string): Promise<MemoryRow[]> {
  return db
    .select()
    .from(memories)
    .where(eq(memories.userId, userId))
    .orderBy(desc(memories.updatedAt), desc(memories.number));
}

export async function countAndNextNumber(tx: Executor, userId: string) {
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      next: sql<number>`coalesce(max(${memories.number}), 0)::int + 1`,
    })
    .from(memories)
    .where(eq(memories.userId, userId));
  return { count: row?.count ?? 0, next: row?.next ?? 1 };
}

export async function insertMemories(
  tx: Executor,
  userId: string,
  firstNumber: number,
  rows: NewMemory[],
): Promise<MemoryRow[]> {
  if (!rows.length) return [];
  return tx
    .insert(memories)
    .values(rows.map((row, i) => ({ ...row, userId, number: firstNumber + i })))
    .returning();
}

export async function findOwnMemory(
  db: Executor,
  userId: string,
  memoryId: string,
): Promise<MemoryRow | null> {
  const [row] = await db
    .select()
    .from(memories)
    .where(and(eq(memories.id, memoryId), eq(memories.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function updateOwnMemory(
  db: Executor,
  userId: string,
  memoryId: string,
  set: Partial<Pick<MemoryRow, 'statement' | 'kind'>>,
): Promise<MemoryRow | null> {
  const [row] = await db
    .update(memories)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(memories.id, memoryId), eq(memories.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteOwnMemory(db: Executor, userId: string, memoryId: string): Promise<boolean> {
  const deleted = await db
    .delete(memories)
    .where(and(eq(memories.id, memoryId), eq(memories.userId, userId)))
    .returning({ id: memories.id });
  return deleted.length > 0;
}

export async function deleteAllMemories(db: Executor, userId: string): Promise<void> {
  await db.delete(memories).where(eq(memories.userId, userId));
}

export async function isPaused(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ paused: memorySettings.paused })
    .from(memorySettings)
    .where(eq(memorySettings.userId, userId));
  return row?.paused ?? false;
}

export async function savePaused(db: Executor, userId: string, paused: boolean): Promise<void> {
  await db
    .insert(memorySettings)
    .values({ userId, paused })
    .onConflictDoUpdate({ target: memorySettings.userId, set: { paused, updatedAt: new Date() } });
}

export async function deleteSettings(db: Executor, userId: string): Promise<void> {
  await db.delete(memorySettings).where(eq(memorySettings.userId, userId));
}

/** The user's outcome memory of a plan item, if it has one. */
export async function findOutcomeOf(tx: Executor, userId: string, planItemId: string) {
  const [row] = await tx
    .select()
    .from(memories)
    .where(and(eq(memories.userId, userId), eq(memories.planItemId, planItemId)))
    .limit(1);
  return row ?? null;
}
