import { useEffect, useRef } from 'react';
import { passageAt } from '../../../../shared/playback';
import { formatTimestamp } from '../../../../shared/timestamps';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import type { TranscriptVideo } from '../api/get-chat-transcript';

/**
 * The transcript of one of the consultation's videos, passage by passage: the passage being played is
 * highlighted and kept in view; a timed passage of a playable video plays it from there.
 */
export function TranscriptPanel({
  videos,
  shown,
  onShow,
  playingSeconds,
  onPlay,
}: {
  videos: TranscriptVideo[];
  shown: TranscriptVideo;
  onShow: (number: number) => void;
  /** Where the player is in the shown video; null when it plays another video or none. */
  playingSeconds: number | null;
  onPlay: (video: TranscriptVideo, seconds: number) => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const playing = playingSeconds === null ? -1 : passageAt(shown.passages, playingSeconds);

  // Scrolls the list only (never the page): the reader may be further down, in the answers.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the playing passage of the shown video
  useEffect(() => {
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>('[data-playing]');
    if (!list || !item) return;
    const outside =
      item.offsetTop < list.scrollTop ||
      item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight;
    if (outside) list.scrollTo({ top: item.offsetTop - list.clientHeight / 3 });
  }, [playing, shown.number]);

  return (
    <section aria-labelledby="transcript-heading" className="grid min-w-0 grid-cols-1 gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="transcript-heading" className="text-sm font-semibold">
          Transcript
        </h2>
        {videos.length > 1 ? (
          <select
            aria-label="Transcript of"
            value={shown.number}
            onChange={(event) => onShow(Number(event.target.value))}
            className="h-8 max-w-full min-w-0 truncate rounded-md border bg-background px-2 text-sm"
          >
            {videos.map((video) => (
              <option key={video.number} value={video.number}>
                V{video.number} {video.title}
              </option>
            ))}
          </select>
        ) : null}
      </div>
      {shown.passages.length === 0 ? (
        <p className="text-sm text-muted-foreground">This transcript is still being prepared.</p>
      ) : (
        <ol
          ref={listRef}
          // A list of plain passages (nothing to play) still scrolls from the keyboard.
          tabIndex={shown.videoId ? undefined : 0}
          aria-label={`Transcript of V${shown.number}`}
          className="relative grid max-h-48 grid-cols-1 gap-0.5 overflow-y-auto rounded-md border p-1 text-sm lg:max-h-[35vh]"
        >
          {shown.passages.map((passage, index) => (
            <Passage
              // Passages are in video order and never reordered.
              // biome-ignore lint/suspicious/noArrayIndexKey: a passage's place is its identity
              key={index}
              passage={passage}
              playing={index === playing}
              onPlay={shown.videoId ? (seconds) => onPlay(shown, seconds) : undefined}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function Passage({
  passage,
  playing,
  onPlay,
}: {
  passage: TranscriptVideo['passages'][number];
  playing: boolean;
  onPlay?: (seconds: number) => void;
}) {
  const style = cn(
    'rounded px-2 py-1.5 text-left leading-relaxed',
    playing && 'bg-primary/10 ring-1 ring-primary/40',
  );
  const time =
    passage.start === null ? null : (
      <span className="mr-2 font-mono text-xs text-muted-foreground">{formatTimestamp(passage.start)}</span>
    );
  const start = passage.start;
  return (
    <li data-playing={playing || undefined}>
      {onPlay && start !== null ? (
        <Button
          variant="ghost"
          aria-current={playing ? 'true' : undefined}
          onClick={() => onPlay(start)}
          className={cn('h-auto w-full justify-start font-normal whitespace-normal', style)}
        >
          <span>
            {time} {passage.text}
          </span>
        </Button>
      ) : (
        <p className={style} aria-current={playing ? 'true' : undefined}>
          {time} {passage.text}
        </p>
      )}
    </li>
  );
}

export function TranscriptLoading() {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground">
      <Spinner className="size-4" decorative /> Loading the transcript…
    </p>
  );
}
