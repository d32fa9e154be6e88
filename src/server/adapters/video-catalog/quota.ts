import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { youtubeQuotaDays } from '../../db/schema';

/** What the Data API charges per call, in quota units. */
export const QUOTA_UNITS = { search: 100, videos: 1, channels: 1 } as const;

const PACIFIC_DATE = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/Los_Angeles',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YouTube's quota day of a moment, 'YYYY-MM-DD': its quota resets at midnight Pacific time. */
export function youTubeQuotaDay(moment: Date): string {
  const parts = Object.fromEntries(PACIFIC_DATE.formatToParts(moment).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The site's YouTube units of each quota day, counted in the database before each call so every
 * process shares one count: a call that would take the day past `dailyBudget` is not made, nor any
 * call on a day YouTube itself said the quota was spent.
 */
export function createQuotaLedger(db: Executor, dailyBudget: number) {
  const { day, unitsSpent, exhausted } = youtubeQuotaDays;
  return {
    /** Counts `units` for the day of `now` unless the budget or YouTube says no; whether they were. */
    async spend(units: number, now: Date): Promise<boolean> {
      if (units > dailyBudget) return false;
      const counted = await db
        .insert(youtubeQuotaDays)
        .values({ day: youTubeQuotaDay(now), unitsSpent: units })
        .onConflictDoUpdate({
          target: day,
          set: { unitsSpent: sql`${unitsSpent} + excluded.units_spent` },
          setWhere: sql`not ${exhausted} and ${unitsSpent} + excluded.units_spent <= ${dailyBudget}`,
        })
        .returning({ day });
      return counted.length > 0;
    },
    /** YouTube answered quotaExceeded: no more calls until its quota day ends. */
    async markExhausted(now: Date) {
      await db
        .insert(youtubeQuotaDays)
        .values({ day: youTubeQuotaDay(now), exhausted: true })
        .onConflictDoUpdate({ target: day, set: { exhausted: true } });
    },
  };
}

export type QuotaLedger = ReturnType<typeof createQuotaLedger>;
