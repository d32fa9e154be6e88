import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { chatMessages, chats } from './chats';

export const RATING_VALUES = ['up', 'down'] as const;

/** A user's 👍 or 👎 on one of their assistant answers (one per answer; cleared by deleting the row). */
export const messageRatings = pgTable(
  'message_ratings',
  {
    messageId: uuid('message_id')
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: text('rating', { enum: RATING_VALUES }).notNull(),
    /** A key of RATING_REASONS, on a 👎 only. */
    reason: text('reason'),
    note: text('note'),
    ratedAt: timestamp('rated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_ratings_chat_idx').on(t.chatId),
    index('message_ratings_user_idx').on(t.userId),
    // The admin screen: share of 👍 by week, and the newest 👎.
    index('message_ratings_rated_idx').on(t.ratedAt.desc(), t.rating),
  ],
);
/**
 * A read-only link to a snapshot of a chat: the messages on screen and its videos when it was made. Revoking deletes
 * the row; a deleted chat's links no longer open (and go with the chat's owner).
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 32 random bytes, base64url: the link's only secret. */
    token: text('token').notNull(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The ids of the messages shared, in the order they were on screen. */
    messageIds: jsonb('message_ids').$type<string[]>().notNull(),
    /** The ids of the chat's live sources (chat_sources) when it was shared: videos added later are not. */
    sourceIds: jsonb('source_ids').$type<string[]>().notNull(),
    /** Whether a saved copy carries the pasted transcripts (decision 059); off by default. */
    copiesKeepTranscript: boolean('copies_keep_transcript').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_links_token_idx').on(t.token),
    index('share_links_chat_idx').on(t.chatId),
    index('share_links_user_idx').on(t.userId),
  ],
);
