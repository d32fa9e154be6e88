import { and, asc, eq, exists, inArray, isNull, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chatSources, chats, libraryVideos, videoPassages } from '../../db/schema';

export type VideoRow = typeof libraryVideos.$inferSelect;
export type PassageValues = Omit<typeof videoPassages.$inferInsert, 'search'>;

/** Rows per insert of passages: four parameters each, far below PostgreSQL's 65,535. */
const PASSAGES_PER_INSERT = 2_000;

export async function insertPassages(tx: Executor, passages: PassageValues[]): Promise<void> {
  for (let from = 0; from < passages.length; from += PASSAGES_PER_INSERT) {
    await tx.insert(videoPassages).values(passages.slice(from, from + PASSAGES_PER_INSERT));
  }
}

const live = (chatId: string) => and(eq(chatSources.chatId, chatId), isNull(chatSources.removedAt));

/** A chat's sources with their videos, removed ones included (earlier citations still point at them). */
export function listChatSources(db: Executor, chatId: string) {
  return db
    .select({
      id: chatSources.id,
      number: chatSources.number,
      libraryVideoId: chatSources.libraryVideoId,
      youtubeUrl: libraryVideos.youtubeUrl,
      videoId: libraryVideos.videoId,
      title: libraryVideos.title,
      // The first words are all a list needs of a transcript that may be 500,000 characters long.
      opening: sql<string>`left(${libraryVideos.transcript}, 200)`,
      durationSeconds: libraryVideos.durationSeconds,
      wordCount: libraryVideos.wordCount,
      createdAt: chatSources.createdAt,
      removedAt: chatSources.removedAt,
    })
    .from(chatSources)
    .innerJoin(libraryVideos, eq(libraryVideos.id, chatSources.libraryVideoId))
    .where(eq(chatSources.chatId, chatId))
    .orderBy(asc(chatSources.number));
}

export type SourceListRow = Awaited<ReturnType<typeof listChatSources>>[number];

/** The videos of a chat's live sources with their transcripts, by number. */
export function liveSourceVideos(db: Executor, chatId: string) {
  return db
    .select({
      sourceId: chatSources.id,
      number: chatSources.number,
      videoId: libraryVideos.videoId,
      title: libraryVideos.title,
      transcript: libraryVideos.transcript,
    })
    .from(chatSources)
    .innerJoin(libraryVideos, eq(libraryVideos.id, chatSources.libraryVideoId))
    .where(live(chatId))
    .orderBy(asc(chatSources.number));
}

/** The titles and links of videos of a user's library, by id, in the order given. */
export async function videoSummaries(db: Executor, userId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: libraryVideos.id,
      title: libraryVideos.title,
      youtubeUrl: libraryVideos.youtubeUrl,
      opening: sql<string>`left(${libraryVideos.transcript}, 200)`,
    })
    .from(libraryVideos)
    .where(and(eq(libraryVideos.userId, userId), inArray(libraryVideos.id, [...ids])));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Locks the chat's row until the transaction ends: changes to one chat's sources take turns. */
export async function lockChat(tx: Executor, chatId: string): Promise<void> {
  await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId)).for('update');
}

export async function nextSourceNumber(tx: Executor, chatId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(chatSources.number) })
    .from(chatSources)
    .where(eq(chatSources.chatId, chatId));
  return (row?.last ?? 0) + 1;
}

export async function markSourceRemoved(tx: Executor, chatId: string, sourceId: string): Promise<void> {
  await tx
    .update(chatSources)
    .set({ removedAt: new Date() })
    .where(and(eq(chatSources.id, sourceId), live(chatId)));
}

/** Takes up to `limit` videos whose passages are not indexed yet, marking them indexed (skips ones another process took). */
export function claimUnindexedVideos(tx: Executor, limit: number) {
  const pending = tx
    .select({ id: libraryVideos.id })
    .from(libraryVideos)
    .where(isNull(libraryVideos.indexedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(libraryVideos)
    .set({ indexedAt: new Date() })
    .where(inArray(libraryVideos.id, pending))
    .returning({
      id: libraryVideos.id,
      transcript: libraryVideos.transcript,
      segments: libraryVideos.segments,
    });
}

export async function setVideoLength(
  tx: Executor,
  videoId: string,
  length: Pick<VideoRow, 'durationSeconds' | 'wordCount'>,
): Promise<void> {
  await tx.update(libraryVideos).set(length).where(eq(libraryVideos.id, videoId));
}

/** The question's distinct lexemes in the order it uses them, stemmed as passages are (stop words dropped). */
export async function questionLexemes(db: Executor, question: string): Promise<string[]> {
  const rows = await db
    .select({ lexeme: sql<string>`lexeme` })
    .from(sql`unnest(to_tsvector('english', ${question})) as words(lexeme, positions, weights)`)
    .orderBy(sql`positions[1]`);
  return rows.map((row) => row.lexeme);
}

/** Characters a passage takes in a prompt beyond its text: its '[V12 1:02:03] ' label and line break. */
export const PASSAGE_LABEL_CHARS = 16;

export interface RetrievedPassage {
  libraryVideoId: string;
  position: number;
  startSeconds: number | null;
  text: string;
  /** Whether it matches the question's words (a chat's other passages fill what the budget leaves). */
  matched: boolean;
}

export interface PassageQuery {
  /** Passages found: a tsquery (see search-query.ts). */
  match: string;
  /** What they are ranked by: a tsquery. */
  rankBy: string;
  budget: number;
}

/** The two tsqueries, computed once per statement rather than for every row ranked. */
const queries = (query: PassageQuery) =>
  sql`(select ${query.match}::tsquery as match, ${query.rankBy}::tsquery as rank_by offset 0) q`;
const matches = sql`${videoPassages.search} @@ q.match`;
const rank = sql`ts_rank(${videoPassages.search}, q.rank_by)`;
const promptChars = sql`length(${videoPassages.text}) + ${PASSAGE_LABEL_CHARS}`;

/**
 * The passages that fill `budget` characters, taken in `order` (a running total over that order): the
 * best first, as many as fit.
 */
async function withinBudget(
  db: Executor,
  query: PassageQuery,
  scope: { where: SQL; order: SQL[]; chatId?: string },
): Promise<RetrievedPassage[]> {
  const base = db
    .select({
      libraryVideoId: videoPassages.libraryVideoId,
      position: videoPassages.position,
      startSeconds: videoPassages.startSeconds,
      text: videoPassages.text,
      matched: sql<boolean>`${matches}`.as('matched'),
      used: sql<number>`sum(${promptChars}) over (order by ${sql.join(scope.order, sql`, `)} rows unbounded preceding)`
        .mapWith(Number)
        .as('used'),
    })
    .from(videoPassages)
    .crossJoin(queries(query));
  const ranked = (
    scope.chatId
      ? base.innerJoin(chatSources, eq(chatSources.libraryVideoId, videoPassages.libraryVideoId))
      : base
  )
    .where(scope.where)
    .as('ranked');
  return db
    .select({
      libraryVideoId: ranked.libraryVideoId,
      position: ranked.position,
      startSeconds: ranked.startSeconds,
      text: ranked.text,
      matched: ranked.matched,
    })
    .from(ranked)
    .where(lte(ranked.used, query.budget))
    .orderBy(asc(ranked.used));
}

/**
 * A chat's live sources' passages, best first, within the budget: those that match by rank, then the
 * rest from the start of every video (so a chat that fits the budget is sent whole, and a question of
 * no particular words still gets the openings of every video).
 */
export function chatPassages(db: Executor, chatId: string, query: PassageQuery) {
  return withinBudget(db, query, {
    chatId,
    where: live(chatId)!,
    order: [sql`${matches} desc`, sql`${rank} desc`, asc(videoPassages.position), asc(chatSources.number)],
  });
}

/**
 * Every video the user's live consultations draw on, each once (a YouTube video read twice counts in
 * its first reading): what 'Ask your library' searches.
 */
function libraryScope(db: Executor, userId: string) {
  const video = sql`coalesce(${libraryVideos.videoId}, ${libraryVideos.id}::text)`;
  const drawnOn = db
    .select({ id: chatSources.id })
    .from(chatSources)
    .innerJoin(chats, eq(chats.id, chatSources.chatId))
    .where(
      and(
        eq(chatSources.libraryVideoId, libraryVideos.id),
        isNull(chatSources.removedAt),
        isNull(chats.deletedAt),
      ),
    );
  return db
    .selectDistinctOn([video], { id: libraryVideos.id })
    .from(libraryVideos)
    .where(and(eq(libraryVideos.userId, userId), exists(drawnOn)))
    .orderBy(video, asc(libraryVideos.createdAt));
}

/** The passages of the user's whole library that match, best first, within the budget. */
export function libraryPassages(db: Executor, userId: string, query: PassageQuery) {
  return withinBudget(db, query, {
    where: and(matches, inArray(videoPassages.libraryVideoId, libraryScope(db, userId)))!,
    order: [sql`${rank} desc`, asc(videoPassages.libraryVideoId), asc(videoPassages.position)],
  });
}

/** Whether the user has any video in a live consultation. */
export async function hasLibrary(db: Executor, userId: string): Promise<boolean> {
  const [row] = await libraryScope(db, userId).limit(1);
  return row !== undefined;
}
