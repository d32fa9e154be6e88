import {
  and,
  asc,
  count,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  lte,
  max,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { LANGUAGES } from '../../../shared/languages';
import type { Executor } from '../../db/client';
import { chatSources, chats, libraryVideos, videoPassages } from '../../db/schema';

export type VideoRow = typeof libraryVideos.$inferSelect;
export interface PassageValues {
  /** Seconds from the start of the video; null when the transcript has no times. */
  startSeconds: number | null;
  text: string;
}

/**
 * Stores a video's passages, numbered from 0, in one statement: each indexed with the search
 * configuration of its video's row (decision 047), so whoever stores a video sets it there first.
 */
export async function insertPassages(
  tx: Executor,
  libraryVideoId: string,
  passages: readonly PassageValues[],
): Promise<void> {
  if (passages.length === 0) return;
  const starts = sql.param(passages.map((passage) => passage.startSeconds));
  const texts = sql.param(passages.map((passage) => passage.text));
  await tx.execute(sql`
    insert into ${videoPassages} (library_video_id, position, start_seconds, text, search)
    select v.id, p.n - 1, p.start_seconds, p.text, to_tsvector(v.search_config, p.text)
    from ${libraryVideos} v,
      unnest(${starts}::double precision[], ${texts}::text[]) with ordinality as p(start_seconds, text, n)
    where v.id = ${libraryVideoId}`);
}

/** The first words are all a title needs of a transcript that may be 500,000 characters long. */
const opening = sql<string>`left(${libraryVideos.transcript}, 200)`;

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
      opening,
      durationSeconds: libraryVideos.durationSeconds,
      wordCount: libraryVideos.wordCount,
      language: libraryVideos.language,
      createdAt: chatSources.createdAt,
      removedAt: chatSources.removedAt,
    })
    .from(chatSources)
    .innerJoin(libraryVideos, eq(libraryVideos.id, chatSources.libraryVideoId))
    .where(eq(chatSources.chatId, chatId))
    .orderBy(asc(chatSources.number));
}

export type SourceListRow = Awaited<ReturnType<typeof listChatSources>>[number];

/** A chat's source as a reply's prompt reads it. */
export interface PromptSourceRow {
  number: number;
  libraryVideoId: string;
  title: string | null;
  opening: string;
  youtubeUrl: string | null;
  /** When it was removed (a JSON time), or null. */
  removedAt: string | null;
}

/**
 * The user's chat's sources (removed ones included) by number, as one JSON array of `PromptSourceRow`:
 * a reply reads them with its prompt's other parts (decision 073).
 */
export function promptSourcesJson(chat: { id: string; userId: string }): SQL<PromptSourceRow[]> {
  return sql`(
    select coalesce(json_agg(json_build_object(
        'number', ${chatSources.number}, 'libraryVideoId', ${chatSources.libraryVideoId},
        'title', ${libraryVideos.title}, 'opening', ${opening}, 'youtubeUrl', ${libraryVideos.youtubeUrl},
        'removedAt', ${chatSources.removedAt})
      order by ${chatSources.number}), '[]'::json)
    from ${chatSources}
    join ${libraryVideos} on ${libraryVideos.id} = ${chatSources.libraryVideoId}
    join ${chats} on ${chats.id} = ${chatSources.chatId}
    where ${chatSources.chatId} = ${chat.id} and ${chats.userId} = ${chat.userId})`;
}

/** The videos of a chat's live sources with their transcripts, by number. */
export function liveSourceVideos(db: Executor, chatId: string) {
  return db
    .select({
      number: chatSources.number,
      title: libraryVideos.title,
      transcript: libraryVideos.transcript,
    })
    .from(chatSources)
    .innerJoin(libraryVideos, eq(libraryVideos.id, chatSources.libraryVideoId))
    .where(live(chatId))
    .orderBy(asc(chatSources.number));
}

/**
 * How many live sources a chat has, and whether one of them is this video (the same YouTube video or
 * the same transcript), compared in the database rather than reading every transcript out.
 */
export async function roomInChat(
  db: Executor,
  chatId: string,
  video: { videoId?: string | null; transcript?: string },
): Promise<{ live: number; duplicate: boolean }> {
  const same = or(
    video.videoId ? eq(libraryVideos.videoId, video.videoId) : undefined,
    video.transcript === undefined ? undefined : eq(libraryVideos.transcript, video.transcript),
  );
  const [row] = await db
    .select({
      live: count(),
      duplicate: same ? sql<boolean>`coalesce(bool_or(${same}), false)` : sql<boolean>`false`,
    })
    .from(chatSources)
    .innerJoin(libraryVideos, eq(libraryVideos.id, chatSources.libraryVideoId))
    .where(live(chatId));
  return row!;
}

export async function liveSourceIds(db: Executor, chatId: string): Promise<string[]> {
  const rows = await db.select({ id: chatSources.id }).from(chatSources).where(live(chatId));
  return rows.map((row) => row.id);
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

/**
 * The search configuration of a video's known language (`searchConfigFor` in SQL), else the one it
 * has: a video of unknown language keeps English, as it was indexed (decision 047).
 */
const languageSearchConfig = sql<string>`case when ${libraryVideos.language} is null then ${libraryVideos.searchConfig}
  else (case ${libraryVideos.language} ${sql.join(
    LANGUAGES.map((language) => sql`when ${language.code} then ${language.searchConfig}`),
    sql` `,
  )} else 'simple' end)::regconfig end`;

/**
 * Takes up to `limit` videos whose passages are not indexed yet, marking them indexed and setting
 * their known language's search configuration for their passages (skips ones another process took).
 */
export function claimUnindexedVideos(tx: Executor, limit: number) {
  const pending = tx
    .select({ id: libraryVideos.id })
    .from(libraryVideos)
    .where(isNull(libraryVideos.indexedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return tx
    .update(libraryVideos)
    .set({ indexedAt: new Date(), searchConfig: languageSearchConfig })
    .where(inArray(libraryVideos.id, pending))
    .returning({
      id: libraryVideos.id,
      transcript: libraryVideos.transcript,
      segments: libraryVideos.segments,
    });
}

/**
 * Re-indexes, in place, the passages of up to `limit` indexed videos whose language is known but whose
 * passages were indexed with another configuration (English, before languages): each video's
 * configuration and tsvectors change together, so a search sees either the old pair or the new one.
 * Skips videos another process holds; answers how many it re-indexed.
 */
export async function reindexMislabelledVideos(tx: Executor, limit: number): Promise<number> {
  const mislabelled = tx
    .select({ id: libraryVideos.id })
    .from(libraryVideos)
    .where(
      and(
        isNotNull(libraryVideos.indexedAt),
        isNotNull(libraryVideos.language),
        sql`${libraryVideos.searchConfig} <> ${languageSearchConfig}`,
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });
  const videos = await tx
    .update(libraryVideos)
    .set({ searchConfig: languageSearchConfig })
    .where(inArray(libraryVideos.id, mislabelled))
    .returning({ id: libraryVideos.id });
  if (videos.length === 0) return 0;
  await tx.execute(sql`
    update ${videoPassages} p set search = to_tsvector(v.search_config, p.text)
    from ${libraryVideos} v
    where v.id = p.library_video_id and v.id = any(${sql.param(videos.map((video) => video.id))}::uuid[])`);
  return videos.length;
}

export async function setVideoLength(
  tx: Executor,
  videoId: string,
  length: Pick<VideoRow, 'durationSeconds' | 'wordCount'>,
): Promise<void> {
  await tx.update(libraryVideos).set(length).where(eq(libraryVideos.id, videoId));
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
  question: string;
  budget: number;
}

/** Lexemes the ranking weighs at most (a long question's first ones). */
const RANKED_LEXEMES = sql.raw('32');
/** Lexemes the library's matches of two and three words combine at most (a long question's first ones). */
const COMBINED_LEXEMES = sql.raw('8');

/**
 * The question's tsqueries, in the statement that uses them (decision 038), one row for each search
 * configuration of `configs` (a query's `config` column: those of the videos searched, decision 047):
 * its lexemes as that configuration stems them, each quoted so that nothing typed can make a query
 * invalid. The question's words are those kept by the configuration that keeps the fewest (the
 * question's own language drops its stop words; on a tie, those of each): every configuration stems
 * those words and no others, so a Spanish question's 'el' and 'de' are no words of its English query
 * (decision 051). `any_word`: any of its first 32, and `words` each of them apart; `pairs`,
 * `triples`: each pair, each triple of its first 8 apart (decision 049). Null when it has no lexeme
 * (or too few to pair).
 */
function questionQueries(question: string, configs: SQL): SQL {
  return sql`
    with configs as (${configs}),
    stems as (
      select c.config, lexeme, positions
      from configs c, unnest(to_tsvector(c.config, ${question}::text)) as words(lexeme, positions, weights)),
    kept as (select config, count(*) as n from stems group by config),
    question_words as (
      select array_agg(at) as positions from stems s, unnest(s.positions) as at
      where s.config in (select config from kept where n = (select min(n) from kept))),
    lexemes as (
      select s.config, '''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''' as quoted,
             row_number() over (partition by s.config order by positions[1]) as i
      from stems s where s.positions && (select positions from question_words))
    select c.config,
      (select string_agg(quoted, ' | ' order by i) from lexemes l
         where l.config = c.config and i <= ${RANKED_LEXEMES})::tsquery as any_word,
      (select array_agg(quoted::tsquery order by i) from lexemes l
         where l.config = c.config and i <= ${RANKED_LEXEMES}) as words,
      (select array_agg((a.quoted || ' & ' || b.quoted)::tsquery)
         from lexemes a join lexemes b on b.config = a.config and b.i > a.i
         where a.config = c.config and b.i <= ${COMBINED_LEXEMES}) as pairs,
      (select array_agg((a.quoted || ' & ' || b.quoted || ' & ' || c3.quoted)::tsquery)
         from lexemes a join lexemes b on b.config = a.config and b.i > a.i
           join lexemes c3 on c3.config = b.config and c3.i > b.i
         where a.config = c.config and c3.i <= ${COMBINED_LEXEMES}) as triples
    from configs c`;
}

const matches = sql`coalesce(${videoPassages.search} @@ q.any_word, false)`;
const rank = sql`ts_rank(${videoPassages.search}, q.any_word)`;
const promptChars = sql`length(${videoPassages.text}) + ${PASSAGE_LABEL_CHARS}`;

/** The search configurations of a chat's live sources' videos. */
const chatSearchConfigs = (chatId: string) => sql`
  select distinct ${libraryVideos.searchConfig} as config from ${chatSources}
  join ${libraryVideos} on ${libraryVideos.id} = ${chatSources.libraryVideoId}
  where ${live(chatId)}`;

/**
 * A chat's live sources' passages, best first, within the budget (a running total in that order):
 * those that match by rank, then the rest from the start of every video (so a chat that fits the
 * budget is sent whole, and a question of no particular words still gets the openings of every video).
 */
export async function chatPassages(
  db: Executor,
  chatId: string,
  query: PassageQuery,
): Promise<RetrievedPassage[]> {
  const order = [
    sql`${matches} desc`,
    sql`${rank} desc`,
    asc(videoPassages.position),
    asc(chatSources.number),
  ];
  const ranked = db
    .select({
      libraryVideoId: videoPassages.libraryVideoId,
      position: videoPassages.position,
      startSeconds: videoPassages.startSeconds,
      text: videoPassages.text,
      matched: sql<boolean>`${matches}`.as('matched'),
      used: sql<number>`sum(${promptChars}) over (order by ${sql.join(order, sql`, `)} rows unbounded preceding)`
        .mapWith(Number)
        .as('used'),
    })
    .from(videoPassages)
    .innerJoin(chatSources, eq(chatSources.libraryVideoId, videoPassages.libraryVideoId))
    .innerJoin(libraryVideos, eq(libraryVideos.id, videoPassages.libraryVideoId))
    // The question's queries are computed once per statement rather than for every row ranked.
    .innerJoin(
      sql`(${questionQueries(query.question, chatSearchConfigs(chatId))} offset 0) q`,
      sql`q.config = ${libraryVideos.searchConfig}`,
    )
    .where(live(chatId))
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
    .selectDistinctOn([video], {
      id: libraryVideos.id,
      config: sql<string>`${libraryVideos.searchConfig}`.as('config'),
    })
    .from(libraryVideos)
    .where(and(eq(libraryVideos.userId, userId), exists(drawnOn)))
    .orderBy(video, asc(libraryVideos.createdAt));
}

/** Passages of the library each of the question's words, pairs or triples adds at most (decision 049). */
const PASSAGES_PER_COMBINATION = sql.raw('300');

/** Matches enough for a library answer: with fewer, passages sharing fewer of the question's words are taken. */
const ENOUGH_PASSAGES = sql.raw('20');

/** The video of a library passage, given on its best passage only. */
export interface PassageVideo {
  title: string | null;
  youtubeUrl: string | null;
  /** The transcript's first words, which title a video YouTube gave no title. */
  opening: string;
}

export type LibraryPassage = RetrievedPassage & { video: PassageVideo | null };

interface LibraryRow {
  library_video_id: string;
  position: number;
  start_seconds: number | null;
  text: string;
  best_of_video: boolean;
  title: string | null;
  youtube_url: string | null;
  opening: string | null;
}

/**
 * The passages of the user's whole library that answer a question, best first, within the budget, in
 * one statement (decision 038): those holding three of its words if enough of them fit, else two,
 * else any one; each video's best passage carries the video's title and link.
 */
export function libraryPassagesStatement(db: Executor, userId: string, query: PassageQuery): SQL {
  // Each distinct word, pair and triple of the question (configurations that stem it alike share it)
  // is matched by one scan of the full-text index (a lateral subquery, fenced) that stops at its
  // first passages in the library's videos of those configurations: ranking every passage that
  // shares common words with the question is what made the slowest questions slow (decision 049).
  // The scope is a semi-join on the video, its configuration a filter: joined on both, the planner
  // guessed one video of the configuration and scanned the index once per video.
  const holdingEach = (combinations: 'words' | 'pairs' | 'triples') => sql`
    select distinct p.library_video_id, p.position
    from (select combination.query, array_agg(q.config) as configs
          from q cross join unnest(q.${sql.raw(combinations)}) as combination(query)
          group by combination.query) c
    cross join lateral (
      select p.library_video_id, p.position
      from (select library_video_id, position, c.configs from ${videoPassages} p
            where p.search @@ c.query offset 0) p
      where exists (select from scope where scope.id = p.library_video_id and scope.config = any(p.configs))
      limit ${PASSAGES_PER_COMBINATION}) p`;
  const ranked = (matched: string) => sql`
    select p.library_video_id, p.position, p.start_seconds, p.text,
      sum(length(p.text) + ${PASSAGE_LABEL_CHARS}) over (
        order by ts_rank(p.search, q.any_word) desc, p.library_video_id, p.position
        rows unbounded preceding) as used
    from ${sql.raw(matched)} m join scope on scope.id = m.library_video_id
      join q on q.config = scope.config
      join ${videoPassages} p on p.library_video_id = m.library_video_id and p.position = m.position`;
  const enough = (matched: string) =>
    sql`(select count(*) from ${sql.raw(matched)} where used <= ${query.budget}) >= ${ENOUGH_PASSAGES}`;
  return sql`
    with scope as (${libraryScope(db, userId)}),
    q as (${questionQueries(query.question, sql`select distinct config from scope`)}),
    three_matches as materialized (${holdingEach('triples')}),
    two_matches as materialized (${holdingEach('pairs')}),
    one_matches as materialized (${holdingEach('words')}),
    three as (${ranked('three_matches')}),
    two as (${ranked('two_matches')}),
    one as (${ranked('one_matches')}),
    words as (
      select case when ${enough('three')} then 3 when ${enough('two')} then 2 else 1 end as n),
    chosen as (
      select * from three where (select n from words) = 3
      union all select * from two where (select n from words) = 2
      union all select * from one where (select n from words) = 1),
    fitting as (
      select chosen.*, row_number() over (partition by library_video_id order by used) = 1 as best_of_video
      from chosen where used <= ${query.budget})
    select f.library_video_id, f.position, f.start_seconds, f.text, f.best_of_video,
      case when f.best_of_video then ${libraryVideos.title} end as title,
      case when f.best_of_video then ${libraryVideos.youtubeUrl} end as youtube_url,
      case when f.best_of_video then ${opening} end as opening
    from fitting f join ${libraryVideos} on ${libraryVideos.id} = f.library_video_id
    order by f.used`;
}

export async function libraryPassages(
  db: Executor,
  userId: string,
  query: PassageQuery,
): Promise<LibraryPassage[]> {
  const result = await db.execute(libraryPassagesStatement(db, userId, query));
  return (result as unknown as { rows: LibraryRow[] }).rows.map((row) => ({
    libraryVideoId: row.library_video_id,
    position: row.position,
    startSeconds: row.start_seconds,
    text: row.text,
    matched: true,
    video: row.best_of_video
      ? { title: row.title, youtubeUrl: row.youtube_url, opening: row.opening ?? '' }
      : null,
  }));
}

/** Whether the user has any video in a live consultation. */
export async function hasLibrary(db: Executor, userId: string): Promise<boolean> {
  const [row] = await libraryScope(db, userId).limit(1);
  return row !== undefined;
}
