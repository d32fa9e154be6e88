import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * "Download my data" (decision 060): each request of a user's archive, built by a job. The archive
 * (one JSON document) lives here, not on a disk, so any process serves it; the expiry job drops it.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'pending' until the job has built it, then 'ready'; 'expired' once its archive is dropped. */
    status: text('status').notNull().default('pending'),
    archive: text('archive'),
    sizeBytes: integer('size_bytes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('data_exports_user_idx').on(t.userId, t.createdAt.desc()),
    index('data_exports_expiry_idx').on(t.expiresAt),
  ],
);
