import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { planCalendarFeeds } from '../../db/schema';
import { notFound } from '../../http/errors';
import { allPlanItems } from './plan.service';
import { planToIcs } from './plan-export';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether the user has a live calendar address, and since when (the address itself is never kept). */
export async function calendarFeedStatus(db: Database, userId: string) {
  const [row] = await db
    .select({ createdAt: planCalendarFeeds.createdAt })
    .from(planCalendarFeeds)
    .where(eq(planCalendarFeeds.userId, userId));
  return { subscribed: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
}

/**
 * A new private address of the user's plan feed, shown this once: any earlier address stops at once,
 * since only the new token's hash is kept.
 */
export async function newCalendarFeedAddress(db: Database, userId: string, baseUrl: string) {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(planCalendarFeeds)
    .values({ userId, tokenHash: hashOf(token) })
    .onConflictDoUpdate({
      target: planCalendarFeeds.userId,
      set: { tokenHash: hashOf(token), createdAt: new Date() },
    })
    .returning({ createdAt: planCalendarFeeds.createdAt });
  const url = `${baseUrl}/api/calendar/${token}.ics`;
  return {
    url,
    webcalUrl: url.replace(/^https?:/, 'webcal:'),
    createdAt: row!.createdAt.toISOString(),
  };
}

/** Stops the user's calendar address, if there is one. */
export async function stopCalendarFeed(db: Database, userId: string): Promise<void> {
  await db.delete(planCalendarFeeds).where(eq(planCalendarFeeds.userId, userId));
}

/** The iCalendar feed of the open, dated steps of the plan whose address carries `token`; 404 otherwise. */
export async function calendarFeedOf(db: Database, token: string, baseUrl: string): Promise<string> {
  const [row] = await db
    .select({ userId: planCalendarFeeds.userId })
    .from(planCalendarFeeds)
    .where(eq(planCalendarFeeds.tokenHash, hashOf(token)));
  if (!row) throw notFound('No calendar at this address. It may have been reset.');
  return planToIcs(await allPlanItems(db, row.userId), baseUrl);
}
