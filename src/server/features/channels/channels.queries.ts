import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { ChannelDetails, FeedValidators, FeedVideo } from '../../adapters/channels';
import type { Executor } from '../../db/client';
import { keywordMatches } from '../../db/keyword-match';
import { channelFollows, channels, channelVideoLinks, channelVideos, users } from '../../db/schema';

export type ChannelRow = typeof channels.$inferSelect;

export async function channelByHandle(db: Executor, handle: string) {
  const [row] = await db.select().from(channels).where(eq(channels.handle, handle)).limit(1);
  return row ?? null;
}

export async function channelById(db: Executor, channelId: string) {
  const [row] = await db.select().from(channels).where(eq(channels.id, channelId)).limit(1);
  return row ?? null;
}

/** The channel a video belongs to, when a follow from its link found it before. */
export async function channelOfVideo(db: Executor, videoId: string) {
  const [row] = await db
    .select({ channel: channels })
    .from(channelVideoLinks)
    .innerJoin(channels, eq(channels.id, channelVideoLinks.channelId))
    .where(eq(channelVideoLinks.videoId, videoId))
    .limit(1);
  return row?.channel ?? null;
}

/** Remembers which channel a video belongs to (its channel is saved first). */
export async function saveVideoLink(db: Executor, videoId: string, channelId: string) {
  await db.insert(channelVideoLinks).values({ videoId, channelId }).onConflictDoNothing();
}

/**
 * Keeps what YouTube said of a channel (name, avatar), and the link name it was found by when no other
 * channel holds that name already (a handle moved to another channel keeps its first answer).
 */
export async function saveChannel(db: Executor, details: ChannelDetails, handle: string | null) {
  await db
    .insert(channels)
    .values({ id: details.channelId, title: details.title, avatarUrl: details.avatarUrl })
    .onConflictDoUpdate({ target: channels.id, set: { title: details.title, avatarUrl: details.avatarUrl } });
  if (handle) {
    await db
      .update(channels)
      .set({ handle })
      .where(
        and(
          eq(channels.id, details.channelId),
          sql`${channels.handle} is null`,
          sql`not exists (select 1 from ${channels} taken where taken.handle = ${handle})`,
        ),
      );
  }
}

/**
 * Adds a follow unless the user already follows the channel or follows `max` already: the user's row
 * is locked first, so two follows sent at once cannot both pass the count.
 */
export async function addFollow(
  db: Executor,
  userId: string,
  channelId: string,
  max: number,
): Promise<'followed' | 'already' | 'full'> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const follows = await tx
      .select({ channelId: channelFollows.channelId })
      .from(channelFollows)
      .where(eq(channelFollows.userId, userId));
    if (follows.some((follow) => follow.channelId === channelId)) return 'already';
    if (follows.length >= max) return 'full';
    await tx.insert(channelFollows).values({ userId, channelId });
    return 'followed';
  });
}

export async function removeFollow(db: Executor, userId: string, channelId: string): Promise<boolean> {
  const removed = await db
    .delete(channelFollows)
    .where(and(eq(channelFollows.userId, userId), eq(channelFollows.channelId, channelId)))
    .returning({ channelId: channelFollows.channelId });
  return removed.length > 0;
}

/** The user's channels, by name. */
export async function followedChannels(db: Executor, userId: string) {
  return db
    .select({
      channelId: channels.id,
      title: channels.title,
      avatarUrl: channels.avatarUrl,
      state: channels.state,
      problem: channels.problem,
      polledAt: channels.polledAt,
    })
    .from(channelFollows)
    .innerJoin(channels, eq(channels.id, channelFollows.channelId))
    .where(eq(channelFollows.userId, userId))
    .orderBy(asc(channels.title), asc(channels.id));
}

/**
 * The English lexeme of each word (to_tsvector's stem, as the videos' search vectors hold them), in the
 * words' order; stop words have none and are left out.
 */
export async function englishLexemes(db: Executor, words: string[]) {
  if (words.length === 0) return [];
  const result = await db.execute(
    sql`select word, (tsvector_to_array(to_tsvector('english', word)))[1] as lexeme
        from unnest(${sql.param(words)}::text[]) with ordinality as w(word, n)
        where to_tsvector('english', word) <> ''::tsvector order by n`,
  );
  return (result as unknown as { rows: { word: string; lexeme: string }[] }).rows;
}

/**
 * How relevant a video is to the lexemes of a profile: the full-text rank (ts_rank, as the library's
 * passage search ranks) of its search vector against any of them, and which of them it holds.
 */
function relevanceTo(lexemes: string[]) {
  if (lexemes.length === 0) return { score: sql<number>`0::float8`, matched: sql<string[]>`'{}'::text[]` };
  // Lexemes are single words of letters and digits (see profileWords): quoted, they make the query as is.
  const anyOf = lexemes.map((lexeme) => `'${lexeme}'`).join(' | ');
  return {
    score: sql<number>`ts_rank(${channelVideos.searchVector}, ${anyOf}::tsquery)::float8`,
    matched: sql<string[]>`array(select unnest(tsvector_to_array(${channelVideos.searchVector}))
      intersect select unnest(${sql.param(lexemes)}::text[]))`,
  };
}

/**
 * The videos of the user's channels published since `since`, newest first, each with the `keywords` it
 * matches (against its stored search vector) and its relevance to the profile's `lexemes`: per followed
 * channel, a range of (channel_id, published_at desc) on channel_videos_recent_idx.
 */
export function recentVideosOf(
  db: Executor,
  userId: string,
  { since, keywords, lexemes, limit }: { since: Date; keywords: string[]; lexemes: string[]; limit: number },
) {
  const relevance = relevanceTo(lexemes);
  return db
    .select({
      videoId: channelVideos.videoId,
      channelId: channelVideos.channelId,
      channel: channels.title,
      title: channelVideos.title,
      publishedAt: channelVideos.publishedAt,
      thumbnailUrl: channelVideos.thumbnailUrl,
      durationSeconds: channelVideos.durationSeconds,
      matchedKeywords: keywordMatches(channelVideos.searchVector, keywords),
      relevance: relevance.score,
      matchedLexemes: relevance.matched,
    })
    .from(channelFollows)
    .innerJoin(channels, eq(channels.id, channelFollows.channelId))
    .innerJoin(channelVideos, eq(channelVideos.channelId, channelFollows.channelId))
    .where(and(eq(channelFollows.userId, userId), gte(channelVideos.publishedAt, since)))
    .orderBy(desc(channelVideos.publishedAt), asc(channelVideos.videoId))
    .limit(limit);
}

/**
 * Claims up to `limit` channels that are due and still followed, moving each one's next poll to
 * `nextPollAt` in the same statement: another process running at once skips them (skip locked), and a
 * channel nobody follows is never claimed.
 */
export async function claimDueChannels(db: Executor, now: Date, nextPollAt: Date, limit: number) {
  const due = db
    .select({ id: channels.id })
    .from(channels)
    .where(
      and(
        lte(channels.nextPollAt, now),
        sql`exists (select 1 from ${channelFollows} where ${channelFollows.channelId} = ${channels.id})`,
      ),
    )
    .orderBy(asc(channels.nextPollAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(channels)
    .set({ nextPollAt })
    .where(inArray(channels.id, due))
    .returning({ id: channels.id, etag: channels.etag, lastModified: channels.lastModified });
}

/** When a channel was read (`polledAt`) and is next due. */
export interface PollTimes {
  polledAt: Date;
  nextPollAt: Date;
}

/** A feed's videos added or refreshed (earlier ones kept): those it added or changed, with their length. */
function upsertFeedVideos(db: Executor, channelId: string, videos: FeedVideo[]) {
  return db
    .insert(channelVideos)
    .values(videos.map((video) => ({ channelId, ...video })))
    .onConflictDoUpdate({
      target: [channelVideos.channelId, channelVideos.videoId],
      set: {
        title: sql`excluded.title`,
        description: sql`excluded.description`,
        thumbnailUrl: sql`excluded.thumbnail_url`,
      },
      // An unchanged video is not rewritten (nor its search vector recomputed) at every read.
      setWhere: sql`(${channelVideos.title}, ${channelVideos.description}, ${channelVideos.thumbnailUrl})
        is distinct from (excluded.title, excluded.description, excluded.thumbnail_url)`,
    })
    .returning({ videoId: channelVideos.videoId, durationSeconds: channelVideos.durationSeconds });
}

/**
 * A feed read: its videos added or refreshed, its validators and state saved. The ids of the videos it
 * added or changed that have no length yet.
 */
export async function saveFeedRead(
  db: Executor,
  channelId: string,
  videos: FeedVideo[],
  validators: FeedValidators,
  times: PollTimes,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const written = videos.length > 0 ? await upsertFeedVideos(tx, channelId, videos) : [];
    await tx
      .update(channels)
      .set({ ...validators, ...times, state: 'ok', problem: null })
      .where(eq(channels.id, channelId));
    return written.flatMap((video) => (video.durationSeconds === null ? [video.videoId] : []));
  });
}

/** Keeps the lengths the Data API told (seconds by video id). */
export async function saveDurations(db: Executor, durations: Map<string, number>) {
  if (durations.size === 0) return;
  const cases = [...durations].map(([videoId, seconds]) => sql`when ${videoId} then ${seconds}::integer`);
  await db
    .update(channelVideos)
    .set({ durationSeconds: sql`case ${channelVideos.videoId} ${sql.join(cases, sql` `)} end` })
    .where(inArray(channelVideos.videoId, [...durations.keys()]));
}

/** The feed answered 304, or could not be read (`problem`): the channel's videos stay as they were. */
export async function saveFeedState(
  db: Executor,
  channelId: string,
  problem: string | null,
  times: PollTimes,
) {
  const state = problem ? ('failing' as const) : ('ok' as const);
  await db
    .update(channels)
    .set({ ...times, state, problem })
    .where(eq(channels.id, channelId));
}
