import { sql } from 'drizzle-orm';
import {
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { chats, type TranscriptSegment } from './chats';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The videos of a consultation: number 1 is the chat's own video, the others were added to it (or
 * chosen by 'Ask your library'). A removed source keeps its row, so earlier answers' citations of it
 * still open its video; its passages are deleted.
 */
export const chatSources = pgTable(
  'chat_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The source's V-number in citations ([V2 14:05]): never reused within its chat. */
    number: integer('number').notNull(),
    youtubeUrl: text('youtube_url'),
    videoId: text('video_id'),
    /** The video's title when YouTube gave it. */
    title: text('title'),
    transcript: text('transcript').notNull(),
    segments: jsonb('segments').$type<TranscriptSegment[]>(),
    /** Where the last timed segment ends; null for an untimed transcript. */
    durationSeconds: doublePrecision('duration_seconds'),
    wordCount: integer('word_count').notNull().default(0),
    /** When its passages were indexed; null for a source migrated from a chat and not indexed yet. */
    indexedAt: timestamp('indexed_at', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_sources_chat_number_idx').on(t.chatId, t.number),
    // One live source per video in a chat, also when two requests add it at once.
    uniqueIndex('chat_sources_chat_video_idx')
      .on(t.chatId, t.videoId)
      .where(sql`${t.removedAt} is null and ${t.videoId} is not null`),
    index('chat_sources_user_idx').on(t.userId),
    index('chat_sources_unindexed_idx').on(t.id).where(sql`${t.indexedAt} is null`),
  ],
);

/**
 * Every live source's transcript cut into passages with their start times, indexed for ranked
 * full-text search (decision 033): the generated tsvector and its GIN index serve the same SQL on
 * PGlite and PostgreSQL. Whose a passage is, its source says (searches are scoped by source).
 */
export const sourcePassages = pgTable(
  'source_passages',
  {
    sourceId: uuid('source_id')
      .notNull()
      .references(() => chatSources.id, { onDelete: 'cascade' }),
    /** The passage's place in its source, from 0: video order. */
    position: integer('position').notNull(),
    /** Seconds from the start of the video; null when the transcript has no times. */
    startSeconds: doublePrecision('start_seconds'),
    text: text('text').notNull(),
    search: tsvector('search').notNull().generatedAlwaysAs(sql`to_tsvector('english', "text")`),
  },
  (t) => [
    primaryKey({ columns: [t.sourceId, t.position] }),
    index('source_passages_search_idx').using('gin', t.search),
  ],
);
