import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Tokens and messages per user per calendar month ('YYYY-MM', UTC): a usage read is one row. */
export const usageMonths = pgTable(
  'usage_months',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    tokens: bigint('tokens', { mode: 'number' }).notNull().default(0),
    messages: integer('messages').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month] })],
);

/**
 * One reply at a time for a user whose plan has a token limit: the lease is taken (atomically, across
 * processes) before the limit check and released in the transaction that records the reply. It expires
 * on its own if the process holding it dies.
 */
export const generationLeases = pgTable('generation_leases', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  leaseId: text('lease_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * One writing of suggested follow-ups at a time for a user whose plan has a token limit, as
 * `generation_leases` is for replies: a lease of its own, so that suggestions never keep a reply
 * waiting (decision 061).
 */
export const followUpLeases = pgTable('follow_up_leases', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  leaseId: text('lease_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
