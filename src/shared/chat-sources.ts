import { formatTimestamp } from './timestamps';

/** A video added to or removed from a consultation, as its history shows it. */
export interface SourceChange {
  key: string;
  /** ISO time */
  at: string;
  change: string;
}

interface ChangedSource {
  id: string;
  number: number;
  title: string;
  createdAt: string;
  removedAt: string | null;
}

/** The chat's source changes in time order. The videos it started with came with it: no line for them. */
export function sourceChanges(chatCreatedAt: string, sources: readonly ChangedSource[]): SourceChange[] {
  return sources
    .flatMap((source) => [
      ...(source.createdAt > chatCreatedAt
        ? [
            {
              key: `added-${source.id}`,
              at: source.createdAt,
              change: `Added video V${source.number}: ${source.title}`,
            },
          ]
        : []),
      ...(source.removedAt
        ? [
            {
              key: `removed-${source.id}`,
              at: source.removedAt,
              change: `Removed video V${source.number}: ${source.title}`,
            },
          ]
        : []),
    ])
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/**
 * Messages with the source changes between them, in the order they happened. A message with no time
 * (not stored yet) is the newest: every change comes before it.
 */
export function withSourceChanges<T>(
  messages: readonly T[],
  timeOf: (message: T) => string | undefined,
  changes: readonly SourceChange[],
): (T | SourceChange)[] {
  const timeline: (T | SourceChange)[] = [];
  let next = 0;
  for (const message of messages) {
    const at = timeOf(message);
    while (next < changes.length && (at === undefined || changes[next]!.at < at))
      timeline.push(changes[next++]!);
    timeline.push(message);
  }
  timeline.push(...changes.slice(next));
  return timeline;
}

export function isSourceChange(item: object): item is SourceChange {
  return 'change' in item;
}

/**
 * Whether a consultation draws on its own video alone: it then looks and answers as a consultation of
 * one video always did ('Watch Video', the transcript, [mm:ss] citations).
 */
export function isOneSourceChat(sources: readonly { number: number; removedAt: string | null }[]): boolean {
  const live = sources.filter((source) => source.removedAt === null);
  return live.length <= 1 && (live[0]?.number ?? 1) === 1;
}

/** A video's length: its duration when the transcript is timed, else its words. */
export function sourceLength(source: { durationSeconds: number | null; wordCount: number }): string {
  if (source.durationSeconds !== null) return formatTimestamp(source.durationSeconds);
  return `${source.wordCount.toLocaleString('en-US')} ${source.wordCount === 1 ? 'word' : 'words'}`;
}
