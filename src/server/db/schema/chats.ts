import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

export interface TranscriptSegment {
  /** seconds from the start of the video */
  start: number;
  /** seconds */
  duration: number;
  text: string;
}

export const chats = pgTable(
  'chats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    youtubeUrl: text('youtube_url'),
    videoId: text('video_id'),
    transcript: text('transcript').notNull(),
    transcriptSegments: jsonb('transcript_segments').$type<TranscriptSegment[]>(),
    title: text('title'),
    totalTokens: integer('total_tokens').notNull().default(0),
    /** Claimed atomically by the one request that generates the automatic first answer. */
    firstReplyClaimedAt: timestamp('first_reply_claimed_at', { withTimezone: true }),
    /**
     * The branch on screen, by its last message (decision 041): the chat shows, exports, searches and
     * prompts with that message and its ancestors. Null until the chat has a message.
     */
    currentLeafId: uuid('current_leaf_id'),
    /** Claimed atomically by the one request regenerating the chat's last answer. */
    regenerationClaimedAt: timestamp('regeneration_claimed_at', { withTimezone: true }),
    /** The consultation's "Use memory" switch (decision 064): off, its replies neither use nor add memories. */
    useMemory: boolean('use_memory').notNull().default(true),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chats_user_recent_idx')
      .on(t.userId, t.createdAt.desc().nullsFirst())
      .where(sql`${t.deletedAt} is null`),
    // Video suggestions: whether a user consulted a video, and the videos most consulted this week.
    index('chats_user_video_idx')
      .on(t.userId, t.videoId)
      .where(sql`${t.videoId} is not null and ${t.deletedAt} is null`),
    index('chats_recent_videos_idx')
      .on(t.createdAt, t.videoId, t.userId)
      .where(sql`${t.videoId} is not null and ${t.deletedAt} is null`),
    // Full-text search of Saved Chats: the expression must match chatSearchDocument in features/chats.
    index('chats_search_idx').using(
      'gin',
      sql`to_tsvector('english', coalesce(${t.title}, '') || ' ' || ${t.transcript})`,
    ),
  ],
);

export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export const MESSAGE_STATUSES = ['complete', 'partial', 'error'] as const;

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The message this one follows (decision 041): a question's answer, an answer's follow-up. Null for
     * a chat's first message. Its versions (regenerated answers, edited questions) share its parent.
     */
    parentId: uuid('parent_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MESSAGE_ROLES }).notNull(),
    content: text('content').notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('complete'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    totalTokens: integer('total_tokens').notNull().default(0),
    /** The model that wrote an answer (null for questions and answers stored before it was kept). */
    model: text('model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Insertion order: breaks ties between messages stored in the same millisecond (a question and a quick answer). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('chat_messages_chat_order_idx').on(t.chatId, t.createdAt, t.seq),
    index('chat_messages_user_idx').on(t.userId),
    // A message's versions, oldest first: the messages of one parent (the chat's first ones: its id).
    index('chat_messages_versions_idx').on(sql`coalesce(${t.parentId}, ${t.chatId})`, t.createdAt, t.seq),
    index('chat_messages_search_idx').using('gin', sql`to_tsvector('english', ${t.content})`),
  ],
);

/**
 * Fetched YouTube transcripts, per video and caption track asked for: a second consultation on a
 * video makes no outside request, and one track's text is never served for another.
 */
export const transcriptCache = pgTable(
  'transcript_cache',
  {
    videoId: text('video_id').notNull(),
    /** The track asked for (YouTube's vssId, '.es' or 'a.en'); '' when none was: the preferred track. */
    trackId: text('track_id').notNull().default(''),
    title: text('title'),
    language: text('language'),
    /** 'manual' or 'auto' (generated) captions */
    kind: text('kind'),
    source: text('source').notNull(),
    segments: jsonb('segments').$type<TranscriptSegment[]>().notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.trackId] })],
);

/**
 * The replies being written now, one row each, on PostgreSQL (decision 071): a process that is not
 * writing a chat's reply learns from it that one is live. Written when the reply starts, deleted with
 * the saved reply; a row whose process was killed ends at `expires_at` (the reply's timeout).
 */
export const liveReplies = pgTable(
  'live_replies',
  {
    id: uuid('id').primaryKey(),
    chatId: uuid('chat_id')
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The message the answer follows (null for a chat's first answer). */
    afterMessageId: uuid('after_message_id'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('live_replies_chat_idx').on(t.chatId), index('live_replies_expires_idx').on(t.expiresAt)],
);
