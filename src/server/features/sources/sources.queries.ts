import { and, asc, eq, inArray, isNull, lte, max, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chatSources, chats, sourcePassages } from '../../db/schema';

export type SourceRow = typeof chatSources.$inferSelect;
export type PassageValues = Omit<typeof sourcePassages.$inferInsert, 'search'>;

/** Rows per insert of passages: five parameters each, far below PostgreSQL's 65,535. */
const PASSAGES_PER_INSERT = 2_000;

export async function insertPassages(tx: Executor, passages: PassageValues[]): Promise<void> {
  for (let from = 0; from < passages.length; from += PASSAGES_PER_INSERT) {
    await tx.insert(sourcePassages).values(passages.slice(from, from + PASSAGES_PER_INSERT));
  }
}

/** A chat's sources, removed ones included (earlier citations still point at them), by number. */
export function listChatSources(db: Executor, chatId: string) {
  return db
    .select({
      id: chatSources.id,
      number: chatSources.number,
      youtubeUrl: chatSources.youtubeUrl,
      videoId: chatSources.videoId,
      title: chatSources.title,
      // The first words are all a list needs of a transcript that may be 500,000 characters long.
      opening: sql<string>`left(${chatSources.transcript}, 200)`,
      durationSeconds: chatSources.durationSeconds,
      wordCount: chatSources.wordCount,
      createdAt: chatSources.createdAt,
      removedAt: chatSources.removedAt,
    })
    .from(chatSources)
    .where(eq(chatSources.chatId, chatId))
    .orderBy(asc(chatSources.number));
}

export type SourceListRow = Awaited<ReturnType<typeof listChatSources>>[number];

/** The transcripts of a chat's live sources, by number. */
export function liveTranscripts(db: Executor, chatId: string) {
  return db
    .select({ number: chatSources.number, title: chatSources.title, transcript: chatSources.transcript })
    .from(chatSources)
    .where(and(eq(chatSources.chatId, chatId), isNull(chatSources.removedAt)))
    .orderBy(asc(chatSources.number));
}

/** Locks the chat's row until the transaction ends: changes to one chat's sources take turns. */
export async function lockChat(tx: Executor, chatId: string): Promise<void> {
  await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, chatId)).for('update');
}

export function liveSourcesOf(tx: Executor, chatId: string) {
  return tx
    .select({ id: chatSources.id, videoId: chatSources.videoId, transcript: chatSources.transcript })
    .from(chatSources)
    .where(and(eq(chatSources.chatId, chatId), isNull(chatSources.removedAt)));
}

export async function nextSourceNumber(tx: Executor, chatId: string): Promise<number> {
  const [row] = await tx
    .select({ last: max(chatSources.number) })
    .from(chatSources)
    .where(eq(chatSources.chatId, chatId));
  return (row?.last ?? 0) + 1;
}

/** Marks a live source removed and drops its passages; false when the chat has no such live source. */
export async function markSourceRemoved(tx: Executor, chatId: string, sourceId: string): Promise<boolean> {
  const removed = await tx
    .update(chatSources)
    .set({ removedAt: new Date() })
    .where(and(eq(chatSources.id, sourceId), eq(chatSources.chatId, chatId), isNull(chatSources.removedAt)))
    .returning({ id: chatSources.id });
  if (removed.length === 0) return false;
  await tx.delete(sourcePassages).where(eq(sourcePassages.sourceId, sourceId));
  return true;
}

/** Takes up to `limit` sources whose passages are not indexed yet, marking them indexed (skips ones another process took). */
export function claimUnindexedSources(tx: Executor, limit: number) {
  const pending = tx
    .select({ id: chatSources.id })
    .from(chatSources)
    .where(isNull(chatSources.indexedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(chatSources)
    .set({ indexedAt: new Date() })
    .where(inArray(chatSources.id, pending))
    .returning({
      id: chatSources.id,
      userId: chatSources.userId,
      transcript: chatSources.transcript,
      segments: chatSources.segments,
      removedAt: chatSources.removedAt,
    });
}

export async function setSourceLength(
  tx: Executor,
  sourceId: string,
  length: Pick<SourceRow, 'durationSeconds' | 'wordCount'>,
): Promise<void> {
  await tx.update(chatSources).set(length).where(eq(chatSources.id, sourceId));
}

/** Copies sources (and their passages) into another chat, numbered in the order given from 1. */
export async function copySources(
  tx: Executor,
  target: { chatId: string; userId: string },
  sourceIds: readonly string[],
): Promise<void> {
  for (const [index, sourceId] of sourceIds.entries()) {
    const [copy] = await tx
      .insert(chatSources)
      .select(
        tx
          .select({
            id: sql`gen_random_uuid()`.as('id'),
            chatId: sql`${target.chatId}::uuid`.as('chat_id'),
            userId: sql`${target.userId}`.as('user_id'),
            number: sql`${index + 1}::int`.as('number'),
            youtubeUrl: chatSources.youtubeUrl,
            videoId: chatSources.videoId,
            title: chatSources.title,
            transcript: chatSources.transcript,
            segments: chatSources.segments,
            durationSeconds: chatSources.durationSeconds,
            wordCount: chatSources.wordCount,
            indexedAt: sql`now()`.as('indexed_at'),
            createdAt: sql`now()`.as('created_at'),
            removedAt: sql`null::timestamptz`.as('removed_at'),
          })
          .from(chatSources)
          .where(eq(chatSources.id, sourceId)),
      )
      .returning({ id: chatSources.id });
    await tx.insert(sourcePassages).select(
      tx
        .select({
          sourceId: sql`${copy!.id}::uuid`.as('source_id'),
          position: sourcePassages.position,
          startSeconds: sourcePassages.startSeconds,
          text: sourcePassages.text,
        })
        .from(sourcePassages)
        .where(eq(sourcePassages.sourceId, sourceId)),
    );
  }
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
  sourceId: string;
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
const matches = sql`${sourcePassages.search} @@ q.match`;
const rank = sql`ts_rank(${sourcePassages.search}, q.rank_by)`;
const promptChars = sql`length(${sourcePassages.text}) + ${PASSAGE_LABEL_CHARS}`;

/**
 * The passages that fill `budget` characters, taken in `order` (a running total over that order): the
 * best first, as many as fit.
 */
async function withinBudget(
  db: Executor,
  query: PassageQuery,
  scope: { where: SQL; order: SQL[]; joinSources?: boolean },
): Promise<RetrievedPassage[]> {
  const base = db
    .select({
      sourceId: sourcePassages.sourceId,
      position: sourcePassages.position,
      startSeconds: sourcePassages.startSeconds,
      text: sourcePassages.text,
      matched: sql<boolean>`${matches}`.as('matched'),
      used: sql<number>`sum(${promptChars}) over (order by ${sql.join(scope.order, sql`, `)} rows unbounded preceding)`
        .mapWith(Number)
        .as('used'),
    })
    .from(sourcePassages)
    .crossJoin(queries(query));
  const ranked = (
    scope.joinSources ? base.innerJoin(chatSources, eq(chatSources.id, sourcePassages.sourceId)) : base
  )
    .where(scope.where)
    .as('ranked');
  return db
    .select({
      sourceId: ranked.sourceId,
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
    joinSources: true,
    where: and(eq(chatSources.chatId, chatId), isNull(chatSources.removedAt))!,
    order: [sql`${matches} desc`, sql`${rank} desc`, asc(sourcePassages.position), asc(chatSources.number)],
  });
}

/**
 * Every video of the user's live consultations, each once (a video in several chats counts in its
 * oldest one): the sources 'Ask your library' searches.
 */
function librarySources(db: Executor, userId: string) {
  const video = sql`coalesce(${chatSources.videoId}, ${chatSources.id}::text)`;
  return db
    .selectDistinctOn([video], { id: chatSources.id })
    .from(chatSources)
    .innerJoin(chats, eq(chats.id, chatSources.chatId))
    .where(and(eq(chatSources.userId, userId), isNull(chatSources.removedAt), isNull(chats.deletedAt)))
    .orderBy(video, asc(chatSources.createdAt));
}

/** The passages of the user's whole library that match, best first, within the budget. */
export function libraryPassages(db: Executor, userId: string, query: PassageQuery) {
  return withinBudget(db, query, {
    where: and(matches, inArray(sourcePassages.sourceId, librarySources(db, userId)))!,
    order: [sql`${rank} desc`, asc(sourcePassages.sourceId), asc(sourcePassages.position)],
  });
}

/** Whether the user has any video in a live consultation. */
export async function hasLibrary(db: Executor, userId: string): Promise<boolean> {
  const [row] = await librarySources(db, userId).limit(1);
  return row !== undefined;
}
