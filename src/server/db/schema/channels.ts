import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { tsvector } from './column-types';

/**
 * A YouTube channel someone follows: one row per channel, shared by its followers, so its public
 * uploads feed is read once for all of them. Public data only (no user's); a channel nobody follows is
 * kept (its handle stays resolved) but no longer polled.
 */
export const channels = pgTable(
  'channels',
  {
    /** YouTube's channel id, 'UC' and 22 characters. */
    id: text('id').primaryKey(),
    /** The link's name it was first followed by ('@handle', 'c/name', 'user/name'), lower-case: resolved once. */
    handle: text('handle').unique(),
    title: text('title').notNull(),
    avatarUrl: text('avatar_url'),
    /** The feed's last validators, sent back so YouTube can answer 304 Not Modified. */
    etag: text('etag'),
    lastModified: text('last_modified'),
    /** 'new' until first read; 'ok'; 'failing' (the feed could not be read: `problem` says why). */
    state: text('state').$type<'new' | 'ok' | 'failing'>().notNull().default('new'),
    problem: text('problem'),
    polledAt: timestamp('polled_at', { withTimezone: true }),
    /** When the channel is next due; a poll claims it by moving this forward. */
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('channels_next_poll_idx').on(t.nextPollAt)],
);

/** A user's follow of a channel: at most 50 each. */
export const channelFollows = pgTable(
  'channel_follows',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.channelId] }),
    index('channel_follows_channel_idx').on(t.channelId),
  ],
);

/** The videos read from a channel's feed, kept when a later read fails. */
export const channelVideos = pgTable(
  'channel_videos',
  {
    channelId: text('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    videoId: text('video_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    thumbnailUrl: text('thumbnail_url'),
    /** Not in the feed: filled from the Data API's videos.list when a key is configured. */
    durationSeconds: integer('duration_seconds'),
    /**
     * The words of its title and description (stemmed), computed once as the video is stored: the
     * keywords of 'New from your channels' are matched against it, never against the text per request.
     */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', "title" || ' ' || "description")`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.channelId, t.videoId] }),
    // 'New from your channels': each followed channel's videos of the last 14 days, newest first.
    index('channel_videos_recent_idx').on(t.channelId, t.publishedAt.desc()),
  ],
);

/**
 * Which channel a video belongs to, as its watch page said: a channel followed from a video link is
 * found in the database the next time, for anyone. Public data only.
 */
export const channelVideoLinks = pgTable('channel_video_links', {
  videoId: text('video_id').primaryKey(),
  channelId: text('channel_id')
    .notNull()
    .references(() => channels.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
