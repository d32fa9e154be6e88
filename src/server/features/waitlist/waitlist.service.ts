import { count, desc } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { waitlist } from '../../db/schema';

/** Adds an address to the waitlist; joining twice keeps the one row and is not an error. */
export async function joinWaitlist(db: Executor, email: string): Promise<void> {
  await db
    .insert(waitlist)
    .values({ email: email.trim().toLowerCase() })
    .onConflictDoNothing({ target: waitlist.email });
}

/** How many entries the admin's Waitlist modal lists (the newest). */
export const WAITLIST_LIST_LIMIT = 500;

/** The newest waitlist entries and how many there are in all (for super admins). */
export async function listWaitlist(db: Executor) {
  const [entries, [totals]] = await Promise.all([
    db
      .select({ id: waitlist.id, email: waitlist.email, createdAt: waitlist.createdAt })
      .from(waitlist)
      .orderBy(desc(waitlist.createdAt))
      .limit(WAITLIST_LIST_LIMIT),
    db.select({ total: count() }).from(waitlist),
  ]);
  return { entries, total: totals?.total ?? 0 };
}
