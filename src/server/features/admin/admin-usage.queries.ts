import { desc, eq } from 'drizzle-orm';
import { monthLabel } from '../../../shared/dates';
import type { Database } from '../../db/client';
import { usageMonths } from '../../db/schema';

/** A user's token usage per month, newest first, as the Token Usage History panel shows it. */
export async function usageHistory(db: Database, userId: string) {
  const rows = await db
    .select({ month: usageMonths.month, tokens: usageMonths.tokens, messages: usageMonths.messages })
    .from(usageMonths)
    .where(eq(usageMonths.userId, userId))
    .orderBy(desc(usageMonths.month));
  return rows.map((row) => ({ ...row, label: monthLabel(row.month) }));
}
