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
import { tsvector } from './column-types';

/** A text-search configuration's name ('english', 'spanish', 'simple'…). */
const regconfig = customType<{ data: string }>({ dataType: () => 'regconfig' });

/**
 * The videos of a user's consultations, as an intake read each (a YouTube link, a pasted transcript
 * or a caption file). Consultations draw on them through their sources; 'Ask your library' searches
 * every one a live consultation draws on.
 */
export const libraryVideos = pgTable(
  'library_videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    youtubeUrl: text('youtube_url'),
    videoId: text('video_id'),
    /** The video's title when YouTube gave it. */
    title: text('title'),
    transcript: text('transcript').notNull(),
    segments: jsonb('segments').$type<TranscriptSegment[]>(),
    /** Where the last timed segment ends; null for an untimed transcript. */
    durationSeconds: doublePrecision('duration_seconds'),
    wordCount: integer('word_count').notNull().default(0),
    /** The transcript's language (ISO 639-1, shared/languages); null when unknown. */
    language: text('language'),
    /**
     * The text-search configuration its passages are indexed with and questions are matched with
     * (decision 047): its language's; English for a video of unknown language, as before languages.
     */
    searchConfig: regconfig('search_config').notNull().default('english'),
    /** When its passages were indexed; null for a video migrated from a chat and not indexed yet. */
    indexedAt: timestamp('indexed_at', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('library_videos_user_idx').on(t.userId),
    index('library_videos_unindexed_idx').on(t.id).where(sql`${t.indexedAt} is null`),
  ],
);

/**
 * Every video's transcript cut into passages with their start times, indexed for ranked full-text
 * search (decision 038): the tsvector, computed as passages are inserted with their video's search
 * configuration (decision 047), and its GIN index serve the same SQL on PGlite and PostgreSQL.
 */
export const videoPassages = pgTable(
  'video_passages',
  {
    libraryVideoId: uuid('library_video_id')
      .notNull()
      .references(() => libraryVideos.id, { onDelete: 'cascade' }),
    /** The passage's place in its video, from 0: video order. */
    position: integer('position').notNull(),
    /** Seconds from the start of the video; null when the transcript has no times. */
    startSeconds: doublePrecision('start_seconds'),
    text: text('text').notNull(),
    search: tsvector('search').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.libraryVideoId, t.position] }),
    index('video_passages_search_idx').using('gin', t.search),
  ],
);

/**
 * The videos a consultation draws on: number 1 is the chat's own video, the others were added to it
 * (or chosen by 'Ask your library'). A removed source keeps its row, so earlier answers' citations
 * of it still open its video.
 */
export const chatSources = pgTable(
  'chat_sources',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    libraryVideoId: uuid('library_video_id')
      .notNull()
      .references(() => libraryVideos.id, { onDelete: 'cascade' }),
    /** The source's V-number in citations ([V2 14:05]): never reused within its chat. */
    number: integer('number').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('chat_sources_chat_number_idx').on(t.chatId, t.number),
    index('chat_sources_video_idx').on(t.libraryVideoId),
  ],
);
