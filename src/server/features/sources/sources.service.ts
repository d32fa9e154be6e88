import {
  DUPLICATE_SOURCE_MESSAGE,
  LAST_SOURCE_MESSAGE,
  MAX_CHAT_SOURCES,
  TOO_MANY_SOURCES_MESSAGE,
} from '../../../shared/schemas/sources';
import { type TranscriptSegment, titleFromTranscript } from '../../../shared/transcript';
import { passagesOf } from '../../adapters/ai/passages';
import type { Database, Executor } from '../../db/client';
import { chatSources } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { Logger } from '../../logger';
import { anyOf, atLeast, MAX_QUERY_LEXEMES } from './search-query';
import {
  chatPassages,
  claimUnindexedSources,
  insertPassages,
  libraryPassages,
  listChatSources,
  liveSourcesOf,
  liveTranscripts,
  lockChat,
  markSourceRemoved,
  nextSourceNumber,
  questionLexemes,
  type RetrievedPassage,
  type SourceListRow,
  type SourceRow,
  setSourceLength,
} from './sources.queries';

/** A video as an intake read it: what a source is made of. */
export interface SourceVideo {
  transcript: string;
  segments: TranscriptSegment[] | null;
  videoId: string | null;
  youtubeUrl: string | null;
  title: string | null;
}

interface SourceOwner {
  chatId: string;
  userId: string;
}

/** A source's length: where its last timed segment ends, and its words. */
function lengthOf(transcript: string, segments: readonly TranscriptSegment[] | null) {
  const last = segments?.at(-1);
  return {
    durationSeconds: last ? last.start + last.duration : null,
    wordCount: transcript.split(/\s+/).filter(Boolean).length,
  };
}

function passageRows(sourceId: string, video: Pick<SourceVideo, 'transcript' | 'segments'>) {
  return passagesOf(video.transcript, video.segments).map((passage, position) => ({
    sourceId,
    position,
    startSeconds: passage.start,
    text: passage.text,
  }));
}

/** Stores a source with its passages indexed (inside the caller's transaction). */
export async function insertSource(
  tx: Executor,
  owner: SourceOwner,
  number: number,
  video: SourceVideo,
): Promise<SourceRow> {
  const [source] = await tx
    .insert(chatSources)
    .values({
      ...owner,
      number,
      youtubeUrl: video.youtubeUrl,
      videoId: video.videoId,
      title: video.title,
      transcript: video.transcript,
      segments: video.segments,
      ...lengthOf(video.transcript, video.segments),
    })
    .returning();
  await insertPassages(tx, passageRows(source!.id, video));
  return source!;
}

const tooMany = () => new AppError(409, 'too_many_sources', TOO_MANY_SOURCES_MESSAGE);
const duplicate = () => new AppError(409, 'duplicate_source', DUPLICATE_SOURCE_MESSAGE);

/**
 * Refuses a source the chat cannot take, before its transcript is fetched: a full chat, or a video it
 * already has. `addSource` checks again under the chat's lock.
 */
export async function assertRoomFor(db: Executor, chatId: string, videoId: string | null): Promise<void> {
  const live = await liveSourcesOf(db, chatId);
  if (live.length >= MAX_CHAT_SOURCES) throw tooMany();
  if (videoId && live.some((source) => source.videoId === videoId)) throw duplicate();
}

/** Adds a video to a chat as its next source: all of it or nothing. */
export async function addSource(db: Database, owner: SourceOwner, video: SourceVideo): Promise<SourceRow> {
  return db.transaction(async (tx) => {
    await lockChat(tx, owner.chatId);
    const live = await liveSourcesOf(tx, owner.chatId);
    if (live.length >= MAX_CHAT_SOURCES) throw tooMany();
    const same = (source: (typeof live)[number]) =>
      video.videoId ? source.videoId === video.videoId : source.transcript === video.transcript;
    if (live.some(same)) throw duplicate();
    return insertSource(tx, owner, await nextSourceNumber(tx, owner.chatId), video);
  });
}

/** Removes a source from a chat, which keeps at least one. */
export async function removeSource(db: Database, chatId: string, sourceId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockChat(tx, chatId);
    const live = await liveSourcesOf(tx, chatId);
    if (!live.some((source) => source.id === sourceId)) throw notFound('Source not found');
    if (live.length === 1) throw new AppError(409, 'last_source', LAST_SOURCE_MESSAGE);
    await markSourceRemoved(tx, chatId, sourceId);
  });
}

/** A source as the chat screen lists it. */
export function serializeSource(source: SourceListRow) {
  return {
    id: source.id,
    number: source.number,
    title: source.title?.trim() || titleFromTranscript(source.opening),
    youtubeUrl: source.youtubeUrl,
    durationSeconds: source.durationSeconds,
    wordCount: source.wordCount,
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
  return (await liveTranscripts(db, chatId)).map((source) => ({
    number: source.number,
    title: source.title?.trim() || titleFromTranscript(source.transcript),
    transcript: source.transcript,
  }));
}

const SOURCES_PER_BATCH = 50;

/**
 * Indexes the passages of sources that have none yet: chats migrated from before sources existed
 * (decision 033). Run as the server starts; several processes share the work.
 */
export async function indexPendingSources(db: Database, logger: Logger): Promise<void> {
  let indexed = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const sources = await claimUnindexedSources(tx, SOURCES_PER_BATCH);
      for (const source of sources) {
        await setSourceLength(tx, source.id, lengthOf(source.transcript, source.segments));
        if (!source.removedAt) await insertPassages(tx, passageRows(source.id, source));
      }
      return sources.length;
    });
    indexed += batch;
    if (batch < SOURCES_PER_BATCH) break;
  }
  if (indexed > 0) logger.info({ sources: indexed }, 'indexed the passages of migrated sources');
}

/** Lexemes the ranking weighs at most (a long question's first ones). */
const MAX_RANKED_LEXEMES = 32;

/**
 * A chat's passages for a question within `budget` characters, in video order (source by source, each
 * from its start): the best matches, then the openings of every video with what room is left.
 */
export async function passagesForChat(
  db: Executor,
  chatId: string,
  question: string,
  budget: number,
): Promise<RetrievedPassage[]> {
  const rankBy = anyOf((await questionLexemes(db, question)).slice(0, MAX_RANKED_LEXEMES));
  return chatPassages(db, chatId, { match: rankBy, rankBy, budget });
}

/** Matches enough for a library answer: with fewer, passages sharing fewer of the question's words are taken. */
const ENOUGH_PASSAGES = 20;

/**
 * The passages of the user's whole library that answer a question, best first, within `budget`
 * characters: those containing three of its words if there are enough, else two, else any one
 * (decision 033). Identical passages (one transcript in two chats) are taken once.
 */
export async function searchLibrary(
  db: Executor,
  userId: string,
  question: string,
  budget: number,
): Promise<RetrievedPassage[]> {
  const lexemes = (await questionLexemes(db, question)).slice(0, MAX_RANKED_LEXEMES);
  if (lexemes.length === 0) return [];
  const rankBy = anyOf(lexemes);
  const combined = lexemes.slice(0, MAX_QUERY_LEXEMES);
  for (let count = Math.min(3, combined.length); ; count--) {
    const match = count === 1 ? rankBy : atLeast(count, combined);
    const found = await libraryPassages(db, userId, { match, rankBy, budget });
    if (found.length >= ENOUGH_PASSAGES || count === 1) return onceEach(found);
  }
}

function onceEach(passages: RetrievedPassage[]): RetrievedPassage[] {
  const seen = new Set<string>();
  return passages.filter((passage) => !seen.has(passage.text) && seen.add(passage.text));
}
