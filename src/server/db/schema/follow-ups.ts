import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { chatMessages } from './chats';

/** The follow-up questions suggested under an answer, made once per answer. */
export const followUpSuggestions = pgTable('follow_up_suggestions', {
  messageId: uuid('message_id')
    .primaryKey()
    .references(() => chatMessages.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  questions: jsonb('questions').$type<string[]>().notNull(),
  /** 'offline' (from the passages the answer did not use) or the model that wrote them. */
  source: text('source').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
