import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MEMORY_KINDS, MEMORY_ORIGINS } from '../../../shared/schemas/memory';
import { users } from './auth';
import { chatMessages, chats } from './chats';
import { tsvector } from './column-types';
import { planItems } from './plan';

/**
 * What Vidvisor knows about a user's business (decision 064): one short statement, its kind, and where
 * it came from. A consultation or plan item removed later leaves the memory, its link nulled.
 */
export const memories = pgTable(
  'memories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Its number among the user's memories, never reused while it lives: an answer cites it as [M3]. */
    number: integer('number').notNull(),
    statement: text('statement').notNull(),
    kind: text('kind', { enum: MEMORY_KINDS }).notNull(),
    origin: text('origin', { enum: MEMORY_ORIGINS }).notNull(),
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    planItemId: uuid('plan_item_id').references(() => planItems.id, { onDelete: 'set null' }),
    /** The statement's words (stemmed), as the library's passages are searched. */
    search: tsvector('search').notNull().generatedAlwaysAs(sql`to_tsvector('english', "statement")`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memories_user_number_idx').on(t.userId, t.number),
    index('memories_search_idx').using('gin', t.search),
    // A plan item has one outcome: answering again replaces it.
    uniqueIndex('memories_plan_item_idx').on(t.planItemId).where(sql`${t.planItemId} is not null`),
  ],
);

/** A user's memory switch: paused, nothing new is remembered and nothing is used. */
export const memorySettings = pgTable('memory_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  paused: boolean('paused').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
