import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PLAN_STATUSES } from '../../../shared/schemas/plan';
import { users } from './auth';
import { chatMessages, chats } from './chats';

/**
 * A step of a user's plan: drawn from an answer (its chat, message and cited moment) or added by hand.
 * A chat removed for good leaves the item, its chat and message nulled; `fromAnswer` still tells.
 */
export const planItems = pgTable(
  'plan_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromAnswer: boolean('from_answer').notNull(),
    chatId: uuid('chat_id').references(() => chats.id, { onDelete: 'set null' }),
    messageId: uuid('message_id').references(() => chatMessages.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    why: text('why').notNull().default(''),
    note: text('note').notNull().default(''),
    status: text('status', { enum: PLAN_STATUSES }).notNull().default('todo'),
    dueDate: date('due_date', { mode: 'string' }),
    /** Order within the status (ascending). */
    position: integer('position').notNull(),
    /**
     * The cited moment: the YouTube video and second, with the video's title when it was known. With no
     * video (a transcript pasted without a link), the second of the consultation's transcript: its own
     * (moment_source null) or its source of that number.
     */
    videoId: text('video_id'),
    momentSeconds: integer('moment_seconds'),
    momentSource: integer('moment_source'),
    videoTitle: text('video_title'),
    /** The step's place in the proposal it was added from (0 first): what a re-proposal is deduped on. */
    answerStep: integer('answer_step'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    index('plan_items_user_order_idx').on(t.userId, t.status, t.position),
    // Adding the same proposal twice: an item of the same answer and title is kept once.
    uniqueIndex('plan_items_answer_title_idx')
      .on(t.userId, t.messageId, t.title)
      .where(sql`${t.messageId} is not null`),
    // A re-proposal of the same answer adds a step once, whatever its title became.
    uniqueIndex('plan_items_answer_step_idx')
      .on(t.userId, t.messageId, t.answerStep)
      .where(sql`${t.messageId} is not null and ${t.answerStep} is not null`),
    // The weekly check-in: what each user has due or finished.
    index('plan_items_user_due_idx').on(t.userId, t.dueDate),
  ],
);

/** A user's plan settings: the weekly check-in e-mail and its one-click unsubscribe secret. */
export const planSettings = pgTable(
  'plan_settings',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    checkIn: boolean('check_in').notNull().default(false),
    unsubscribeToken: text('unsubscribe_token').unique(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('plan_settings_check_in_idx').on(t.userId).where(sql`${t.checkIn}`)],
);

/**
 * The private address of a user's plan for calendar apps: a random token, of which only the SHA-256 is
 * kept. Resetting replaces the row, so the old address stops at once.
 */
export const planCalendarFeeds = pgTable('plan_calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
