import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { plans, subscriptions } from '../../db/schema';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PlanRow = typeof plans.$inferSelect;

/** The user's subscription: the newest row wins. */
export async function findCurrentSubscription(db: Executor, userId: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row ?? null;
}

const planQuery = preparedFor((db) =>
  db
    .select()
    .from(plans)
    .where(eq(plans.id, sql.placeholder('planId')))
    .limit(1)
    .prepare('plan_by_id'),
);

export async function findPlan(db: Executor, planId: string): Promise<PlanRow | null> {
  const [row] = await planQuery(db).execute({ planId });
  return row ?? null;
}
