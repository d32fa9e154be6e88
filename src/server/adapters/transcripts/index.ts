import { and, eq, inArray } from 'drizzle-orm';
import { NO_TRANSCRIPT_MESSAGE, type TranscriptSegment } from '../../../shared/transcript';
import type { Executor } from '../../db/client';
import { transcriptCache } from '../../db/schema';
import type { Logger } from '../../logger';
import { configuredServiceFetch, youTubeFetch } from '../outbound';
import type { CaptionTrackOption } from './caption-tracks';
import { createPaidApiSource } from './paid-api';
import { createWatchPageSource } from './watch-page';
import { createYoutubeTranscriptSource } from './youtube-transcript-library';

export interface FetchedTranscript {
  videoId: string;
  title: string | null;
  language: string | null;
  kind: 'manual' | 'auto' | null;
  /** Which source answered: 'cache', 'watch-page', 'youtube-transcript', 'transcript-api' */
  source: string;
  segments: TranscriptSegment[];
}

/**
 * Why a source gave no transcript. `unavailable` (the video has none, or does not exist) and
 * `unknown_track` (it has no caption track of the id asked for) are final: the chain stops. The others
 * mean "this source could not tell": the next one is tried.
 */
export type TranscriptFailureKind = 'unavailable' | 'unknown_track' | 'blocked' | 'rate_limited' | 'failed';

const FINAL_FAILURES: readonly TranscriptFailureKind[] = ['unavailable', 'unknown_track'];

export type SourceResult =
  | { ok: true; transcript: Omit<FetchedTranscript, 'source'> }
  | { ok: false; kind: TranscriptFailureKind; reason: string };

/** A video's caption tracks and the one read unless the user picks another. */
export interface CaptionTrackList {
  tracks: CaptionTrackOption[];
  defaultTrackId: string | null;
}

export type TrackListResult =
  | ({ ok: true } & CaptionTrackList)
  | { ok: false; kind: TranscriptFailureKind; reason: string };

export interface TranscriptSource {
  readonly name: string;
  /** The transcript of caption track `trackId`, or of the video's preferred track when none is given. */
  fetch(videoId: string, signal: AbortSignal, trackId?: string): Promise<SourceResult>;
  /** The video's caption tracks, from a source that can list them. */
  listTracks?(videoId: string, signal: AbortSignal): Promise<TrackListResult>;
}

export type TranscriptOutcome =
  | { ok: true; transcript: FetchedTranscript }
  | {
      ok: false;
      kind: 'unavailable' | 'unknown_track' | 'blocked';
      attempts: { source: string; kind: TranscriptFailureKind; reason: string }[];
    };

export interface TranscriptFetcher {
  /** Track `trackId`'s transcript, or the preferred track's; each track is cached apart. */
  fetchTranscript(videoId: string, trackId?: string): Promise<TranscriptOutcome>;
  /** The video's caption tracks; none when no source could list them (the intake then reads the preferred one). */
  captionTracks(videoId: string): Promise<CaptionTrackList>;
  /** YouTube's titles of the given videos whose transcripts are cached (those that had one). */
  cachedTitles(videoIds: string[]): Promise<Map<string, string>>;
}

const SOURCE_TIMEOUT_MS = 20_000;

/** The database cache, then each source in order; a fetched transcript is cached per video and track asked for. */
export function createTranscriptFetcher(options: {
  db: Executor;
  sources: TranscriptSource[];
  logger: Logger;
}): TranscriptFetcher {
  return {
    async fetchTranscript(videoId, trackId) {
      const key = { videoId, trackId: trackId ?? DEFAULT_TRACK };
      const cached = await readCache(options.db, key);
      if (cached) return { ok: true, transcript: cached };
      const attempts: { source: string; kind: TranscriptFailureKind; reason: string }[] = [];
      for (const source of options.sources) {
        const result = await runSource((signal) => source.fetch(videoId, signal, trackId));
        if (result.ok && result.transcript.segments.length > 0) {
          const transcript = { ...result.transcript, source: source.name };
          await writeCache(options.db, key.trackId, transcript);
          return { ok: true, transcript };
        }
        const failure = result.ok
          ? { kind: 'unavailable' as const, reason: NO_TRANSCRIPT_MESSAGE }
          : { kind: result.kind, reason: result.reason };
        attempts.push({ source: source.name, ...failure });
        options.logger.info({ videoId, source: source.name, ...failure }, 'transcript source gave none');
        if (isFinal(failure.kind)) return { ok: false, kind: failure.kind, attempts };
      }
      return { ok: false, kind: 'blocked', attempts };
    },
    async captionTracks(videoId) {
      for (const source of options.sources) {
        if (!source.listTracks) continue;
        const listed = await runSource((signal) => source.listTracks!(videoId, signal));
        if (listed.ok) return { tracks: listed.tracks, defaultTrackId: listed.defaultTrackId };
        options.logger.info({ videoId, source: source.name, ...listed }, 'caption tracks not listed');
      }
      return { tracks: [], defaultTrackId: null };
    },
    async cachedTitles(videoIds) {
      if (videoIds.length === 0) return new Map();
      const rows = await options.db
        .select({ videoId: transcriptCache.videoId, title: transcriptCache.title })
        .from(transcriptCache)
        .where(inArray(transcriptCache.videoId, videoIds));
      return new Map(rows.flatMap((row) => (row.title ? [[row.videoId, row.title] as const] : [])));
    },
  };
}

const isFinal = (kind: TranscriptFailureKind): kind is 'unavailable' | 'unknown_track' =>
  FINAL_FAILURES.includes(kind);

/** The cache key of a transcript read from the video's preferred track (no track asked for). */
const DEFAULT_TRACK = '';

async function runSource<Result extends { ok: boolean }>(
  call: (signal: AbortSignal) => Promise<Result>,
): Promise<Result | { ok: false; kind: 'failed'; reason: string }> {
  try {
    return await call(AbortSignal.timeout(SOURCE_TIMEOUT_MS));
  } catch (error) {
    return { ok: false, kind: 'failed', reason: (error as Error).message ?? String(error) };
  }
}

async function readCache(
  db: Executor,
  { videoId, trackId }: { videoId: string; trackId: string },
): Promise<FetchedTranscript | null> {
  const [row] = await db
    .select()
    .from(transcriptCache)
    .where(and(eq(transcriptCache.videoId, videoId), eq(transcriptCache.trackId, trackId)))
    .limit(1);
  if (!row) return null;
  return {
    videoId,
    title: row.title,
    language: row.language,
    kind: row.kind === 'manual' || row.kind === 'auto' ? row.kind : null,
    source: 'cache',
    segments: row.segments,
  };
}

async function writeCache(db: Executor, trackId: string, transcript: FetchedTranscript) {
  await db
    .insert(transcriptCache)
    .values({
      videoId: transcript.videoId,
      trackId,
      title: transcript.title,
      language: transcript.language,
      kind: transcript.kind,
      source: transcript.source,
      segments: transcript.segments,
    })
    .onConflictDoNothing();
}

export interface YouTubeSourceOptions {
  /** YouTube's origin (YOUTUBE_BASE_URL); tests point it at a local fixture server. */
  baseUrl: string;
  /** An HTTP(S) proxy for YouTube's requests only (YOUTUBE_PROXY_URL); the paid API is called directly. */
  proxyUrl?: string;
  transcriptApi?: { url: string; key: string };
}

/**
 * The chain of DESIGN.md: our watch-page reader, the youtube-transcript library, then the paid API when
 * set. Every request keeps to the outbound rules (decision 057): YouTube's pages and caption tracks on
 * YouTube's hosts only, the paid API at its configured origin with no redirect.
 */
export function createYouTubeSources(options: YouTubeSourceOptions): TranscriptSource[] {
  const youtubeFetch = youTubeFetch(options.baseUrl, options.proxyUrl);
  const sources = [
    createWatchPageSource({ baseUrl: options.baseUrl, fetch: youtubeFetch }),
    createYoutubeTranscriptSource({ baseUrl: options.baseUrl, fetch: youtubeFetch }),
  ];
  if (options.transcriptApi) {
    const fetch = configuredServiceFetch(options.transcriptApi.url);
    sources.push(createPaidApiSource({ ...options.transcriptApi, fetch }));
  }
  return sources;
}
