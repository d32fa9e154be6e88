import { parse as parseSubtitles } from '@plussub/srt-vtt-parser';
import { parseTimestamp } from './timestamps';

/** A stretch of a video's speech with its start time (seconds) and duration (seconds). */
export interface TranscriptSegment {
  start: number;
  duration: number;
  text: string;
}

/** Largest transcript a chat stores (characters, about 10 hours of speech); the API body limit is 3 MB. */
export const MAX_TRANSCRIPT_CHARS = 500_000;
/** Largest caption file accepted (.srt or .vtt). */
export const MAX_CAPTION_FILE_BYTES = 2 * 1024 * 1024;
/** Characters of the transcript used as the chat title when the video title is unknown. */
export const TITLE_FROM_TRANSCRIPT_CHARS = 50;

export const NO_TRANSCRIPT_MESSAGE = 'No transcript available for this video';
/** What the user sees when a video has no transcript (the spec's error catalogue). */
export const TRANSCRIPT_FETCH_FAILED_MESSAGE =
  'Failed to fetch video transcript. Please ensure the video has closed captions available.';
export const GENERIC_ERROR_MESSAGE = 'An error occurred';

/** The prompt's plain text: the segments' texts joined with spaces, whitespace collapsed, trimmed. */
export function segmentsToPlainText(segments: readonly Pick<TranscriptSegment, 'text'>[]): string {
  return collapseWhitespace(segments.map((s) => s.text).join(' '));
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The chat title from a transcript: its first 50 characters. */
export function titleFromTranscript(transcript: string): string {
  return collapseWhitespace(transcript).slice(0, TITLE_FROM_TRANSCRIPT_CHARS);
}

export type CaptionParseResult = { ok: true; segments: TranscriptSegment[] } | { ok: false; message: string };

export const MALFORMED_CAPTIONS_MESSAGE =
  'That caption file could not be read. Upload a valid .srt or .vtt file.';

/** Parses an .srt or .vtt caption file into segments, keeping the cue times; tags are stripped. */
export function parseCaptionFile(content: string): CaptionParseResult {
  const text = content.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!/-->/.test(text)) return { ok: false, message: MALFORMED_CAPTIONS_MESSAGE };
  let entries: ReturnType<typeof parseSubtitles>['entries'];
  try {
    entries = parseSubtitles(text).entries;
  } catch {
    return { ok: false, message: MALFORMED_CAPTIONS_MESSAGE };
  }
  const segments = entries
    .map((entry) => ({
      start: entry.from / 1000,
      duration: Math.max(0, entry.to - entry.from) / 1000,
      text: collapseWhitespace(stripTags(entry.text)),
    }))
    .filter((segment) => segment.text && Number.isFinite(segment.start) && segment.start >= 0);
  if (segments.length === 0) return { ok: false, message: MALFORMED_CAPTIONS_MESSAGE };
  return { ok: true, segments: dropRollingRepeats(segments) };
}

function stripTags(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}

/** Auto-generated captions repeat the previous cue's line in the next one: keep each line once. */
function dropRollingRepeats(segments: TranscriptSegment[]): TranscriptSegment[] {
  return segments.filter((segment, i) => i === 0 || segment.text !== segments[i - 1]!.text);
}

/**
 * Segments of a pasted transcript when it carries times, as YouTube's "Show transcript" panel copies
 * it: a time line ('1:05') then its text, or lines starting with '[1:05]' / '1:05 '. Otherwise null.
 */
export function parsePastedTranscript(transcript: string): TranscriptSegment[] | null {
  const lines = transcript
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  const segments: TranscriptSegment[] = [];
  let pendingStart: number | null = null;
  for (const line of lines) {
    const alone = parseTimestamp(line.replace(/^\[|\]$/g, ''));
    if (alone !== null) {
      pendingStart = alone;
      continue;
    }
    const prefixed = /^\[?((?:\d{1,2}:)?\d{1,2}:\d{2})\]?\s+(.+)$/.exec(line);
    const prefixedStart = prefixed ? parseTimestamp(prefixed[1]!) : null;
    if (prefixed && prefixedStart !== null) segments.push(segment(prefixedStart, prefixed[2]!));
    else if (pendingStart !== null) segments.push(segment(pendingStart, line));
    else return null;
    pendingStart = null;
  }
  if (segments.length < 2) return null;
  return segments.map((s, i) => ({
    ...s,
    duration: Math.max(0, (segments[i + 1]?.start ?? s.start) - s.start),
  }));
}

function segment(start: number, text: string): TranscriptSegment {
  return { start, duration: 0, text: collapseWhitespace(text) };
}
