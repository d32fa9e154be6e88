import { formatSourceCitation } from '../../../shared/citations';
import { formatTimestamp } from '../../../shared/timestamps';
import { collapseWhitespace, type TranscriptSegment } from '../../../shared/transcript';

/** A stretch of transcript long enough to mean something on its own; start is null when times are unknown. */
export interface Passage {
  start: number | null;
  text: string;
  /** Its video's number in a consultation of several videos (cited as [V2 14:05]). */
  source?: number;
}

const PASSAGE_WORDS = 70;
/** A timed passage covers at most this much of the video, so a citation lands near what it quotes. */
const PASSAGE_SECONDS = 30;

/**
 * Groups timed segments into passages of up to about 70 words and 30 seconds, each starting at its
 * first segment's time.
 */
export function passagesFromSegments(segments: readonly TranscriptSegment[]): Passage[] {
  const passages: Passage[] = [];
  let current: { start: number; words: string[] } | null = null;
  const flush = () => {
    if (current?.words.length) passages.push({ start: current.start, text: current.words.join(' ') });
    current = null;
  };
  for (const segment of segments) {
    if (current && segment.start - current.start >= PASSAGE_SECONDS) flush();
    current ??= { start: segment.start, words: [] };
    current.words.push(...segment.text.split(/\s+/).filter(Boolean));
    if (current.words.length >= PASSAGE_WORDS) flush();
  }
  flush();
  return passages;
}

/** Passages of an untimed transcript: sentences gathered to about 70 words. */
export function passagesFromText(transcript: string): Passage[] {
  const sentences = collapseWhitespace(transcript).match(/[^.!?]+[.!?]*\s*/g) ?? [];
  const passages: Passage[] = [];
  let words: string[] = [];
  for (const sentence of sentences) {
    words.push(...sentence.split(/\s+/).filter(Boolean));
    if (words.length >= PASSAGE_WORDS) {
      passages.push({ start: null, text: words.join(' ') });
      words = [];
    }
  }
  if (words.length) passages.push({ start: null, text: words.join(' ') });
  return passages;
}

export function passagesOf(transcript: string, segments: readonly TranscriptSegment[] | null): Passage[] {
  return segments?.length ? passagesFromSegments(segments) : passagesFromText(transcript);
}

/** How a passage is cited: '[mm:ss]', or '[V2 14:05]' with its video's number ('' or '[V2]' untimed). */
export function passageLabel(passage: Passage): string {
  if (passage.source === undefined)
    return passage.start === null ? '' : `[${formatTimestamp(passage.start)}]`;
  return passage.start === null
    ? `[V${passage.source}]`
    : formatSourceCitation(passage.source, passage.start);
}

/** A passage as the prompt shows it: its label, then its text. */
export function formatPassage(passage: Passage): string {
  const label = passageLabel(passage);
  return label ? `${label} ${passage.text}` : passage.text;
}
