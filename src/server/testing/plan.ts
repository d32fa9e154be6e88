import { and, eq } from 'drizzle-orm';
import type { PlanStatus } from '../../shared/schemas/plan';
import type { Database } from '../db/client';
import { planItems, planSettings } from '../db/schema';
import { appendMessage } from './library-fixtures';

/** A finished answer stored in a chat, citing the chat's own video; its id. */
export async function insertAnswer(
  db: Database,
  chat: { chatId: string; userId: string },
  content = '- Launch a bread subscription [00:05]\n- Ask regulars what they would pay',
  status: 'complete' | 'partial' | 'error' = 'complete',
): Promise<string> {
  return appendMessage(
    { db },
    { id: chat.chatId, userId: chat.userId },
    { role: 'assistant', content, status },
  );
}

/** A hand-added item stored straight in a user's plan (last of its status, unless a position is given). */
export async function insertPlanItem(
  db: Database,
  userId: string,
  seed: Partial<typeof planItems.$inferInsert> & { title: string },
) {
  const status: PlanStatus = seed.status ?? 'todo';
  const count = await db.$count(planItems, and(eq(planItems.userId, userId), eq(planItems.status, status)));
  const [item] = await db
    .insert(planItems)
    .values({ userId, fromAnswer: false, position: count, ...seed, status })
    .returning();
  return item!;
}

/** The user's item ids of a status in their order. */
export async function itemIdsInOrder(db: Database, userId: string, status: PlanStatus): Promise<string[]> {
  const rows = await db
    .select({ id: planItems.id })
    .from(planItems)
    .where(and(eq(planItems.userId, userId), eq(planItems.status, status)))
    .orderBy(planItems.position, planItems.createdAt, planItems.id);
  return rows.map((row) => row.id);
}

/** The secret of a user's check-in unsubscribe link (made when the check-in is first switched). */
export async function checkInTokenOf(db: Database, userId: string): Promise<string> {
  const [row] = await db.select().from(planSettings).where(eq(planSettings.userId, userId));
  return row!.unsubscribeToken!;
}
