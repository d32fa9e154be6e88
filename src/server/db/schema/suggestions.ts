import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
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
import type { VideoDetails } from '../../../shared/suggestions';
import { users } from './auth';
import { tsvector } from './column-types';

/** The team's weekly picks (team data, no user's): together they are the catalogue searched without a key. */
export const suggestionPicks = pgTable(
  'suggestion_picks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Monday (UTC) of the pick's week. */
    week: date('week', { mode: 'string' }).notNull(),
    position: integer('position').notNull(),
    videoId: text('video_id').notNull(),
    title: text('title').notNull(),
    channel: text('channel').notNull().default(''),
    durationSeconds: integer('duration_seconds'),
    publishedOn: date('published_on', { mode: 'string' }),
    thumbnailUrl: text('thumbnail_url'),
    tags: jsonb('tags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Why this pick. */
    note: text('note').notNull(),
    /** The words keyword search matches (stemmed), kept with the row so a search never recomputes them. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('english', "title" || ' ' || "channel" || ' ' || "note") || to_tsvector('english', "tags")`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suggestion_picks_week_video_idx').on(t.week, t.videoId),
    index('suggestion_picks_week_position_idx').on(t.week, t.position),
    index('suggestion_picks_video_idx').on(t.videoId, t.week),
    index('suggestion_picks_search_idx').using('gin', t.searchVector),
  ],
);

/** A user's suggestion settings: saved keywords (null: not chosen yet, read from the profile) and the e-mail. */
export const suggestionPreferences = pgTable(
  'suggestion_preferences',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    keywords: jsonb('keywords').$type<string[]>(),
    weeklyEmail: boolean('weekly_email').notNull().default(false),
    /** The secret of the e-mail's one-click unsubscribe link (no sign-in needed). */
    unsubscribeToken: text('unsubscribe_token').unique(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('suggestion_preferences_weekly_idx').on(t.userId).where(sql`${t.weeklyEmail}`)],
);

/** One row per user and week, claimed before the weekly e-mail is sent: at most one each week. */
export const weeklyEmailSends = pgTable(
  'weekly_email_sends',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);

/**
 * YouTube Data API answers per search and keyword set (keyed by a hash: no keyword is stored), so a
 * set is searched at most once a day. YouTube's public video data only: shared by every user.
 */
export const videoSearchCache = pgTable('video_search_cache', {
  key: text('key').primaryKey(),
  videos: jsonb('videos').$type<VideoDetails[]>().notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The YouTube Data API units the site spent each quota day (YouTube's day: midnight to midnight Pacific
 * time), counted before each call by every process; `exhausted` once YouTube answered quotaExceeded.
 */
export const youtubeQuotaDays = pgTable('youtube_quota_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  unitsSpent: integer('units_spent').notNull().default(0),
  exhausted: boolean('exhausted').notNull().default(false),
});

/** How many uncached YouTube searches a user caused on their latest quota day: one row per user. */
export const youtubeSearchCounts = pgTable('youtube_search_counts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  day: date('day', { mode: 'string' }).notNull(),
  searches: integer('searches').notNull(),
});
