import { and, asc, desc, eq, getTableColumns, gt, inArray, lte, max, or, sql } from 'drizzle-orm';
import type { VideoDetails } from '../../../shared/suggestions';
import type { Executor } from '../../db/client';
import { keywordMatches } from '../../db/keyword-match';
import {
  planSettings,
  suggestionPicks,
  suggestionPreferences,
  users,
  videoSearchCache,
  weeklyEmailSends,
  youtubeSearchCounts,
} from '../../db/schema';

/** A pick's columns, without its search vector (which only the database reads). */
const { searchVector: pickDocument, ...pickColumns } = getTableColumns(suggestionPicks);

export { pickColumns };
export type PickRow = Omit<typeof suggestionPicks.$inferSelect, 'searchVector'>;

/**
 * The picks shown as "This week's picks": the given week's, or when it has none the newest earlier
 * week's (the index on week, position answers both), each with the keywords it matches. Returns the
 * statement unrun, so that the bench can EXPLAIN the app's own.
 */
export function shownPicks(db: Executor, week: string, keywords: string[]) {
  const newestWeek = db
    .select({ week: max(suggestionPicks.week) })
    .from(suggestionPicks)
    .where(lte(suggestionPicks.week, week));
  return db
    .select({ pick: pickColumns, matched: keywordMatches(pickDocument, keywords) })
    .from(suggestionPicks)
    .where(eq(suggestionPicks.week, sql`(${newestWeek})`))
    .orderBy(asc(suggestionPicks.position), asc(suggestionPicks.createdAt));
}

/** One week's picks in their order (the admin screen, the weekly e-mail). */
export async function picksOfWeek(db: Executor, week: string): Promise<PickRow[]> {
  return db
    .select(pickColumns)
    .from(suggestionPicks)
    .where(eq(suggestionPicks.week, week))
    .orderBy(asc(suggestionPicks.position), asc(suggestionPicks.createdAt));
}

/** Weeks that have picks, newest first, with how many. */
export async function weeksWithPicks(db: Executor, limit: number) {
  return db
    .select({ week: suggestionPicks.week, picks: sql<number>`count(*)::int` })
    .from(suggestionPicks)
    .groupBy(suggestionPicks.week)
    .orderBy(desc(suggestionPicks.week))
    .limit(limit);
}

/** The catalogue (every week's picks, each video once, its newest pick) matching any keyword: best first. */
export async function searchCatalogue(db: Executor, keywords: string[], limit: number) {
  if (keywords.length === 0) return [];
  const anyKeyword = sql.join(
    keywords.map((keyword) => sql`plainto_tsquery('english', ${keyword})`),
    sql` || `,
  );
  const newestMatches = db
    .selectDistinctOn([suggestionPicks.videoId], {
      ...pickColumns,
      matched: keywordMatches(pickDocument, keywords).as('matched'),
    })
    .from(suggestionPicks)
    .where(sql`${pickDocument} @@ (${anyKeyword})`)
    .orderBy(suggestionPicks.videoId, desc(suggestionPicks.week))
    .as('newest_matches');
  const { matched, ...pick } = newestMatches._.selectedFields;
  return db
    .select({ pick, matched })
    .from(newestMatches)
    .orderBy(
      sql`cardinality(${newestMatches.matched}) desc`,
      desc(newestMatches.week),
      asc(newestMatches.title),
    )
    .limit(limit);
}

/** The newest pick of each of these videos: what the site knows of them. */
export async function newestPicksOf(db: Executor, videoIds: string[]): Promise<PickRow[]> {
  if (videoIds.length === 0) return [];
  return db
    .selectDistinctOn([suggestionPicks.videoId], pickColumns)
    .from(suggestionPicks)
    .where(inArray(suggestionPicks.videoId, videoIds))
    .orderBy(suggestionPicks.videoId, desc(suggestionPicks.week));
}

/** For each text, the keywords it matches (the same rule as the picks'), in one round trip. */
export async function matchKeywords(db: Executor, texts: string[], keywords: string[]): Promise<string[][]> {
  if (texts.length === 0 || keywords.length === 0) return texts.map(() => []);
  const document = sql`to_tsvector('english', t.text)`;
  const result = await db.execute<{ matched: string[] }>(
    sql`select ${keywordMatches(document, keywords)} as matched
        from unnest(${sql.param(texts)}::text[]) with ordinality as t(text, n) order by t.n`,
  );
  return (result as unknown as { rows: { matched: string[] }[] }).rows.map((row) => row.matched);
}

export async function findPreferences(db: Executor, userId: string) {
  const [row] = await db
    .select()
    .from(suggestionPreferences)
    .where(eq(suggestionPreferences.userId, userId))
    .limit(1);
  return row ?? null;
}

export async function saveKeywords(db: Executor, userId: string, keywords: string[]) {
  await db
    .insert(suggestionPreferences)
    .values({ userId, keywords })
    .onConflictDoUpdate({
      target: suggestionPreferences.userId,
      set: { keywords, updatedAt: new Date() },
    });
}

/** Turns the weekly e-mail on or off; the unsubscribe secret is made once and then kept. */
export async function saveWeeklyEmail(db: Executor, userId: string, weeklyEmail: boolean, newToken: string) {
  await db
    .insert(suggestionPreferences)
    .values({ userId, weeklyEmail, unsubscribeToken: newToken })
    .onConflictDoUpdate({
      target: suggestionPreferences.userId,
      set: {
        weeklyEmail,
        unsubscribeToken: sql`coalesce(${suggestionPreferences.unsubscribeToken}, excluded.unsubscribe_token)`,
        updatedAt: new Date(),
      },
    });
}

/** The one-click unsubscribe: whether the secret belongs to someone (who is then unsubscribed). */
export async function unsubscribeByToken(db: Executor, token: string): Promise<boolean> {
  const rows = await db
    .update(suggestionPreferences)
    .set({ weeklyEmail: false, updatedAt: new Date() })
    .where(eq(suggestionPreferences.unsubscribeToken, token))
    .returning({ userId: suggestionPreferences.userId });
  return rows.length > 0;
}

/** Whose the weekly picks' unsubscribe secret is, or null. */
export async function userIdByUnsubscribeToken(db: Executor, token: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: suggestionPreferences.userId })
    .from(suggestionPreferences)
    .where(eq(suggestionPreferences.unsubscribeToken, token));
  return row?.userId ?? null;
}

export async function readSearchCache(db: Executor, key: string) {
  const [row] = await db.select().from(videoSearchCache).where(eq(videoSearchCache.key, key)).limit(1);
  return row ?? null;
}

export async function writeSearchCache(db: Executor, key: string, videos: VideoDetails[], fetchedAt: Date) {
  await db
    .insert(videoSearchCache)
    .values({ key, videos, fetchedAt })
    .onConflictDoUpdate({ target: videoSearchCache.key, set: { videos, fetchedAt } });
}

/**
 * Counts one uncached YouTube search for the user on `day`, unless they already made `perDay` that day:
 * whether it was counted. One statement, so parallel requests cannot pass the cap together.
 */
export async function takeYouTubeSearch(db: Executor, userId: string, day: string, perDay: number) {
  const { day: countedDay, searches } = youtubeSearchCounts;
  const counted = await db
    .insert(youtubeSearchCounts)
    .values({ userId, day, searches: 1 })
    .onConflictDoUpdate({
      target: youtubeSearchCounts.userId,
      set: {
        searches: sql`case when ${countedDay} = excluded.day then ${searches} + 1 else 1 end`,
        day: sql`excluded.day`,
      },
      setWhere: sql`${countedDay} <> excluded.day or ${searches} < ${perDay}`,
    })
    .returning({ searches });
  return counted.length > 0;
}

/** Gives a counted search back (YouTube could not run it). */
export async function giveBackYouTubeSearch(db: Executor, userId: string, day: string) {
  await db
    .update(youtubeSearchCounts)
    .set({ searches: sql`${youtubeSearchCounts.searches} - 1` })
    .where(
      and(
        eq(youtubeSearchCounts.userId, userId),
        eq(youtubeSearchCounts.day, day),
        gt(youtubeSearchCounts.searches, 0),
      ),
    );
}

/**
 * Users who turned on the weekly picks or the plan's check-in, a batch at a time (by id), with their
 * time zone: the weekly mail's candidates. A banned user gets nothing until the ban ends (a ban with
 * an expiry in the past has ended).
 */
export async function weeklyMailCandidates(db: Executor, afterUserId: string, limit: number, now: Date) {
  return db
    .select({ userId: users.id, email: users.email, timeZone: users.timeZone })
    .from(users)
    .leftJoin(suggestionPreferences, eq(suggestionPreferences.userId, users.id))
    .leftJoin(planSettings, eq(planSettings.userId, users.id))
    .where(
      and(
        or(
          eq(suggestionPreferences.weeklyEmail, true),
          and(eq(planSettings.checkIn, true), sql`${planSettings.unsubscribeToken} is not null`),
        ),
        gt(users.id, afterUserId),
        or(sql`${users.banned} is not true`, lte(users.banExpires, now)),
      ),
    )
    .orderBy(users.id)
    .limit(limit);
}

/**
 * Claims the user's e-mail of the week: the primary key (user_id, week) lets exactly one claim in,
 * whichever process or connection asks first; the others get false and send nothing.
 */
export async function claimWeeklyEmail(db: Executor, userId: string, week: string): Promise<boolean> {
  const rows = await db
    .insert(weeklyEmailSends)
    .values({ userId, week })
    .onConflictDoNothing()
    .returning({ userId: weeklyEmailSends.userId });
  return rows.length > 0;
}

/** Which of `userIds` had their weekly mail claimed for `week`. */
export async function claimedThisWeek(db: Executor, week: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: weeklyEmailSends.userId })
    .from(weeklyEmailSends)
    .where(and(eq(weeklyEmailSends.week, week), inArray(weeklyEmailSends.userId, userIds)));
  return rows.map((row) => row.userId);
}

/** Gives a claim back when its mail could not be sent, so a later run tries again. */
export async function releaseWeeklyEmail(db: Executor, userId: string, week: string) {
  await db
    .delete(weeklyEmailSends)
    .where(and(eq(weeklyEmailSends.userId, userId), eq(weeklyEmailSends.week, week)));
}
