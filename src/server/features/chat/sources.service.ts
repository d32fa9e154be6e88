import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { isOneSourceChat } from '../../../shared/chat-sources';
import type { CitableSource } from '../../../shared/consult-stream';
import {
  knownLanguage,
  type LanguageCode,
  type SearchConfig,
  searchConfigFor,
} from '../../../shared/languages';
import {
  DUPLICATE_SOURCE_MESSAGE,
  LAST_SOURCE_MESSAGE,
  MAX_CHAT_SOURCES,
  TOO_MANY_SOURCES_MESSAGE,
} from '../../../shared/schemas/sources';
import { type TranscriptSegment, titleFromTranscript } from '../../../shared/transcript';
import { type Passage, passagesOf } from '../../adapters/ai/passages';
import type { AppDeps } from '../../context';
import type { Database, Executor } from '../../db/client';
import { chatSources, libraryVideos } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { JobDefinition } from '../../jobs';
import type { Logger } from '../../logger';
import {
  chatPassages,
  claimUnindexedVideos,
  hasLibrary,
  insertPassages,
  type LibraryPassage,
  libraryPassages,
  listChatSources,
  liveSourceIds,
  liveSourceVideos,
  lockChat,
  markSourceRemoved,
  nextSourceNumber,
  type PromptSourceRow,
  type RetrievedPassage,
  reindexMislabelledVideos,
  roomInChat,
  type SourceListRow,
  setVideoLength,
} from './sources.queries';

/** A video as an intake read it: what a source is made of. */
export interface SourceVideo {
  transcript: string;
  segments: TranscriptSegment[] | null;
  videoId: string | null;
  youtubeUrl: string | null;
  title: string | null;
  /**
   * The transcript's language, one of ours (the caption track's, or the one the user confirmed); null
   * when unknown. Its passages are indexed, and questions matched, by its rules (decision 047).
   */
  language: LanguageCode | null;
}

/**
 * The text-search configuration a video's passages are indexed with (decision 047): its language's,
 * and 'simple' (words as written) for a new video of unknown language, such as a caption file whose
 * text is in another script than its stated language. Videos indexed before languages keep English.
 */
export const passageSearchConfig = (language: LanguageCode | null): SearchConfig => searchConfigFor(language);

/** A video's length: where its last timed segment ends, and its words. */
function lengthOf(transcript: string, segments: readonly TranscriptSegment[] | null) {
  const last = segments?.at(-1);
  return {
    durationSeconds: last ? last.start + last.duration : null,
    wordCount: transcript.split(/\s+/).filter(Boolean).length,
  };
}

function passageRows(video: Pick<SourceVideo, 'transcript' | 'segments'>) {
  return passagesOf(video.transcript, video.segments).map((passage) => ({
    startSeconds: passage.start,
    text: passage.text,
  }));
}

/**
 * Stores a video in the user's library with its passages indexed, and makes it source `number` of the
 * chat (inside the caller's transaction).
 */
export async function insertSource(
  tx: Executor,
  owner: { chatId: string; userId: string },
  number: number,
  video: SourceVideo,
): Promise<{ id: string }> {
  const [stored] = await tx
    .insert(libraryVideos)
    .values({
      userId: owner.userId,
      youtubeUrl: video.youtubeUrl,
      videoId: video.videoId,
      title: video.title,
      transcript: video.transcript,
      segments: video.segments,
      language: video.language,
      searchConfig: passageSearchConfig(video.language),
      ...lengthOf(video.transcript, video.segments),
    })
    .returning({ id: libraryVideos.id });
  await insertPassages(tx, stored!.id, passageRows(video));
  const [source] = await tx
    .insert(chatSources)
    .values({ chatId: owner.chatId, libraryVideoId: stored!.id, number })
    .returning({ id: chatSources.id });
  return { id: source!.id };
}

/** A source of a chat as a copy of it starts from: its number, whether it was removed, and its video. */
export interface SourceToCopy {
  number: number;
  removed: boolean;
  video: SourceVideo;
}

/** Sources `sourceIds` of a chat, in number order, with their videos as stored. */
export async function sourcesToCopy(
  db: Executor,
  from: { chatId: string; sourceIds: readonly string[] },
): Promise<SourceToCopy[]> {
  if (from.sourceIds.length === 0) return [];
  const sources = await db
    .select({
      number: chatSources.number,
      removedAt: chatSources.removedAt,
      youtubeUrl: libraryVideos.youtubeUrl,
      videoId: libraryVideos.videoId,
      title: libraryVideos.title,
      transcript: libraryVideos.transcript,
      segments: libraryVideos.segments,
      language: libraryVideos.language,
    })
    .from(chatSources)
    .innerJoin(libraryVideos, eq(libraryVideos.id, chatSources.libraryVideoId))
    .where(and(eq(chatSources.chatId, from.chatId), inArray(chatSources.id, [...from.sourceIds])))
    .orderBy(asc(chatSources.number));
  return sources.map(({ number, removedAt, language, title, ...video }) => ({
    number,
    removed: removedAt !== null,
    video: { ...video, title: videoTitle(title, video.transcript), language: knownLanguage(language) },
  }));
}

/**
 * Gives a new chat of `to.userId` these sources under the same numbers (so copied answers' citations
 * still open the same videos), each video stored in that user's library; a removed source stays removed.
 */
export async function insertCopiedSources(
  tx: Executor,
  to: { chatId: string; userId: string },
  sources: readonly SourceToCopy[],
) {
  for (const { number, removed, video } of sources) {
    const source = await insertSource(tx, to, number, video);
    if (removed) await markSourceRemoved(tx, to.chatId, source.id);
  }
}

/** Makes videos of the user's library sources 1, 2… of a new chat. */
export function drawOnVideosStatement(db: Executor, chatId: string, libraryVideoIds: readonly string[]): SQL {
  return db
    .insert(chatSources)
    .values(libraryVideoIds.map((libraryVideoId, i) => ({ chatId, libraryVideoId, number: i + 1 })))
    .getSQL();
}

const tooMany = () => new AppError(409, 'too_many_sources', TOO_MANY_SOURCES_MESSAGE);
const duplicate = () => new AppError(409, 'duplicate_source', DUPLICATE_SOURCE_MESSAGE);

/**
 * Refuses a video the chat cannot take: a full chat, or a video it already has (the same YouTube
 * video, or the same transcript). Checked before the transcript is fetched, and again under the
 * chat's lock as it is added.
 */
async function assertRoom(db: Executor, chatId: string, video: Partial<SourceVideo>): Promise<void> {
  const room = await roomInChat(db, chatId, video);
  if (room.live >= MAX_CHAT_SOURCES) throw tooMany();
  if (room.duplicate) throw duplicate();
}

export const assertRoomFor = (db: Executor, chatId: string, videoId: string | null) =>
  assertRoom(db, chatId, videoId ? { videoId } : {});

/** Adds a video to a chat as its next source: all of it or nothing. */
export async function addSource(
  db: Database,
  owner: { chatId: string; userId: string },
  video: SourceVideo,
): Promise<SourceSummary> {
  return db.transaction(async (tx) => {
    await lockChat(tx, owner.chatId);
    await assertRoom(tx, owner.chatId, video);
    const number = await nextSourceNumber(tx, owner.chatId);
    const source = await insertSource(tx, owner, number, video);
    const [row] = await listChatSources(tx, owner.chatId).then((rows) =>
      rows.filter((r) => r.id === source.id),
    );
    return serializeSource(row!);
  });
}

/** Removes a source from a chat, which keeps at least one. Its video stays in the library. */
export async function removeSource(db: Database, chatId: string, sourceId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockChat(tx, chatId);
    const sources = await liveSourceIds(tx, chatId);
    if (!sources.includes(sourceId)) throw notFound('Source not found');
    if (sources.length === 1) throw new AppError(409, 'last_source', LAST_SOURCE_MESSAGE);
    await markSourceRemoved(tx, chatId, sourceId);
  });
}

/** A video's title: as YouTube gave it, else its transcript's first words. */
const videoTitle = (title: string | null, transcript: string) =>
  title?.trim() || titleFromTranscript(transcript);

/** A source as the chat screen lists it. */
export function serializeSource(source: SourceListRow) {
  return {
    id: source.id,
    number: source.number,
    title: videoTitle(source.title, source.opening),
    youtubeUrl: source.youtubeUrl,
    durationSeconds: source.durationSeconds,
    wordCount: source.wordCount,
    /** The transcript's language (shared/languages), or null when unknown. */
    language: knownLanguage(source.language),
    createdAt: source.createdAt.toISOString(),
    removedAt: source.removedAt?.toISOString() ?? null,
  };
}

export type SourceSummary = ReturnType<typeof serializeSource>;

export async function chatSourcesView(db: Executor, chatId: string): Promise<SourceSummary[]> {
  return (await listChatSources(db, chatId)).map(serializeSource);
}

/** The transcripts of a chat's live sources, titled as the chat lists them. */
export async function sourceTranscripts(db: Executor, chatId: string) {
  return (await liveSourceVideos(db, chatId)).map((source) => ({
    number: source.number,
    title: videoTitle(source.title, source.transcript),
    transcript: source.transcript,
  }));
}

const VIDEOS_PER_BATCH = 50;

/**
 * Indexes the passages of videos that have none yet: chats migrated from before sources existed
 * (decision 038). Several processes share the work; a video that cannot be indexed is logged and left
 * without passages rather than stopping the others. Stops between batches once `signal` aborts.
 */
export async function indexPendingVideos(db: Database, logger: Logger, signal?: AbortSignal): Promise<void> {
  let indexed = 0;
  while (!signal?.aborted) {
    const batch = await db.transaction(async (tx) => {
      const videos = await claimUnindexedVideos(tx, VIDEOS_PER_BATCH);
      for (const video of videos) {
        try {
          // A savepoint: a video that fails leaves the batch's others intact.
          await tx.transaction(async (savepoint) => {
            await setVideoLength(savepoint, video.id, lengthOf(video.transcript, video.segments));
            await insertPassages(savepoint, video.id, passageRows(video));
          });
          indexed++;
        } catch (error) {
          logger.error(
            { err: error, libraryVideoId: video.id },
            "could not index a video's passages: skipped",
          );
        }
      }
      return videos.length;
    });
    if (batch < VIDEOS_PER_BATCH) break;
  }
  if (indexed > 0) logger.info({ videos: indexed }, 'indexed the passages of migrated videos');
}

export const INDEX_MIGRATED_VIDEOS_JOB = 'index-migrated-videos';

/**
 * The job that indexes migrated videos while the server serves: queued when a server starts, run by one
 * process. A shutdown stops it between batches and it is retried, by this process or another.
 */
export function indexMigratedVideosJob({
  db,
  logger,
  shutdownSignal,
}: Pick<AppDeps, 'db' | 'logger' | 'shutdownSignal'>): JobDefinition {
  return {
    name: INDEX_MIGRATED_VIDEOS_JOB,
    singleton: true,
    queueAtStart: true,
    timeoutSeconds: 6 * 60 * 60,
    async run() {
      await indexPendingVideos(db, logger, shutdownSignal);
      if (shutdownSignal.aborted) throw new Error('stopped by the shutdown before every video was indexed');
    },
  };
}

/**
 * Re-indexes, in batches, the passages of videos indexed with English rules before their language was
 * known (decision 047), with their language's: in place, so search keeps working and nothing is lost.
 * Stops between batches once `signal` aborts; a second run finds nothing to do.
 */
export async function reindexVideosInTheirLanguage(
  db: Database,
  logger: Logger,
  signal?: AbortSignal,
): Promise<void> {
  let reindexed = 0;
  while (!signal?.aborted) {
    const batch = await db.transaction((tx) => reindexMislabelledVideos(tx, VIDEOS_PER_BATCH));
    reindexed += batch;
    if (batch < VIDEOS_PER_BATCH) break;
  }
  if (reindexed > 0) logger.info({ videos: reindexed }, 'videos re-indexed in their language');
}

export const REINDEX_VIDEO_LANGUAGES_JOB = 'reindex-video-languages';

/** The job that re-indexes videos in their language: queued when a server starts, run by one process. */
export function reindexVideoLanguagesJob({
  db,
  logger,
  shutdownSignal,
}: Pick<AppDeps, 'db' | 'logger' | 'shutdownSignal'>): JobDefinition {
  return {
    name: REINDEX_VIDEO_LANGUAGES_JOB,
    singleton: true,
    queueAtStart: true,
    timeoutSeconds: 6 * 60 * 60,
    async run() {
      await reindexVideosInTheirLanguage(db, logger, shutdownSignal);
      if (shutdownSignal.aborted)
        throw new Error('stopped by the shutdown before every video was re-indexed');
    },
  };
}

/**
 * A chat's passages for a question within `budget` characters, best first: the best matches, then
 * the openings of every video with what room is left.
 */
export function passagesForChat(
  db: Executor,
  chatId: string,
  question: string,
  budget: number,
): Promise<RetrievedPassage[]> {
  return chatPassages(db, chatId, { question, budget });
}

/**
 * The passages of the user's whole library that answer a question, best first, within `budget`
 * characters: those containing three of its words if there are enough, else two, else any one
 * (decision 038). Identical passages (one transcript pasted twice) are taken once.
 */
export async function searchLibrary(
  db: Executor,
  userId: string,
  question: string,
  budget: number,
): Promise<LibraryPassage[]> {
  return onceEach(await libraryPassages(db, userId, { question, budget }));
}

function onceEach(passages: LibraryPassage[]): LibraryPassage[] {
  const seen = new Set<string>();
  return passages.filter((passage) => !seen.has(passage.text) && seen.add(passage.text));
}

/** What an answer across several videos draws on: the videos, numbered, and their passages for it. */
export interface ReplySources {
  videos: CitableSource[];
  /** In video order (by number, then time), each labelled with its video's number. */
  passages: Passage[];
}

/** Passages labelled with their videos' numbers, in video order; those of other videos are left out. */
function labelled(found: readonly RetrievedPassage[], numberOf: ReadonlyMap<string, number>): Passage[] {
  return found
    .flatMap((passage) => {
      const source = numberOf.get(passage.libraryVideoId);
      return source === undefined
        ? []
        : [{ source, position: passage.position, start: passage.startSeconds, text: passage.text }];
    })
    .sort((a, b) => a.source - b.source || a.position - b.position)
    .map(({ source, start, text }) => ({ source, start, text }));
}

/**
 * What a chat's answer draws on when it has several videos: its live sources (`sources`, read with the
 * prompt's other parts) and their best passages for the question within `budget` characters. Null for
 * a chat of its own video alone, which answers from its transcript as it always did.
 */
export async function chatReplySources(
  db: Executor,
  chat: { id: string; sources: readonly PromptSourceRow[] },
  question: string,
  budget: number,
): Promise<ReplySources | null> {
  if (isOneSourceChat(chat.sources)) return null;
  const live = chat.sources.filter((source) => source.removedAt === null);
  const found = await passagesForChat(db, chat.id, question, budget);
  return {
    videos: live.map(({ number, title, opening, youtubeUrl }) => ({
      number,
      title: videoTitle(title, opening),
      youtubeUrl,
    })),
    passages: labelled(found, new Map(live.map((source) => [source.libraryVideoId, source.number]))),
  };
}

/**
 * What a library answer draws on: the user's videos its best passages come from (the best first, up
 * to a consultation's 20), numbered 1, 2… in that order, with those passages. Null when nothing of the
 * library matches.
 */
export async function libraryReplySources(
  db: Executor,
  userId: string,
  question: string,
  budget: number,
): Promise<(ReplySources & { libraryVideoIds: string[] }) | null> {
  const matched = await libraryPassages(db, userId, { question, budget });
  const videoOf = new Map(
    matched.flatMap((passage) => (passage.video ? [[passage.libraryVideoId, passage.video] as const] : [])),
  );
  const found = onceEach(matched);
  const ids = [...new Set(found.map((passage) => passage.libraryVideoId))].slice(0, MAX_CHAT_SOURCES);
  if (ids.length === 0) return null;
  return {
    libraryVideoIds: ids,
    videos: ids.map((id, i) => {
      const video = videoOf.get(id)!;
      return {
        number: i + 1,
        title: videoTitle(video.title, video.opening),
        youtubeUrl: video.youtubeUrl,
      };
    }),
    passages: labelled(found, new Map(ids.map((id, i) => [id, i + 1]))),
  };
}

export { hasLibrary, liveSourceIds };
