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
 * on its own if the process holding it dies. Suggested follow-ups hold a lease of their own purpose, so
 * writing them never keeps a user's reply waiting (decision 061).
 */
export const generationLeases = pgTable(
  'generation_leases',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'reply' (every reply) or 'follow-ups' (the suggestions under an answer). */
    purpose: text('purpose').notNull().default('reply'),
    leaseId: text('lease_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.purpose] })],
);
