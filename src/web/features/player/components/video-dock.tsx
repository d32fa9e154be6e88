import { useCallback, useRef, useState } from 'react';
import type { Citation } from '../../../../shared/citations';
import { citedMoment, OWN_VIDEO_NUMBER } from '../../../../shared/playback';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { type TranscriptVideo, useChatTranscript } from '../api/get-chat-transcript';
import { PlayerFrame, type PlayRequest } from './player-frame';
import { TranscriptLoading, TranscriptPanel } from './transcript-panel';

/**
 * The state of the dock beside a consultation: its videos' transcripts, the moment the player plays
 * (null: closed), and where playback is. `playCitation` is what the answers' citations call.
 */
export function useVideoDock(
  chatId: string,
  readOnly: boolean,
  /** The chat's sources once its view has loaded; until then nothing is read. */
  sources?: readonly { id: string; removedAt: string | null }[],
) {
  const transcript = useChatTranscript(
    chatId,
    readOnly,
    sourcesVersion(sources ?? []),
    sources !== undefined,
  );
  const videos = transcript.data?.videos;
  const [request, setRequest] = useState<PlayRequest | null>(null);
  const [time, setTime] = useState<{ number: number; seconds: number } | null>(null);
  const [shownNumber, setShownNumber] = useState<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const seq = useRef(0);
  // Another consultation opened on the same page: its player starts closed.
  const [forChat, setForChat] = useState(chatId);
  if (forChat !== chatId) {
    setForChat(chatId);
    setRequest(null);
    setTime(null);
    setShownNumber(null);
  }

  const play = useCallback(
    (video: TranscriptVideo & { videoId: string }, seconds: number, focus: boolean) => {
      if (!video.youtubeUrl) return;
      seq.current += 1;
      setRequest({ ...video, youtubeUrl: video.youtubeUrl, seconds, seq: seq.current, focus });
      setShownNumber(video.number);
    },
    [],
  );

  /** Plays a citation's moment in the player; false when its video has nothing to play (the link opens). */
  const playCitation = useCallback(
    (citation: Citation) => {
      const moment = videos && citedMoment(citation, videos);
      if (!moment) return false;
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      play(moment.video, moment.seconds, true);
      return true;
    },
    [videos, play],
  );

  const close = useCallback(() => {
    setRequest(null);
    setTime(null);
    if (opener.current?.isConnected) opener.current.focus();
    opener.current = null;
  }, []);

  return { transcript, request, time, setTime, shownNumber, setShownNumber, play, playCitation, close };
}

const sourcesVersion = (sources: readonly { id: string; removedAt: string | null }[]) =>
  sources.map((source) => `${source.id}:${source.removedAt ?? ''}`).join(',');

export type VideoDockState = ReturnType<typeof useVideoDock>;

/**
 * Beside the chat (above it on a phone): the player when a moment plays, and the transcript panel.
 * A consultation of pasted transcripts or caption files only gets the transcript panel.
 */
export function VideoDock({
  dock,
  scriptUrl,
  className,
}: {
  dock: VideoDockState;
  /** The IFrame Player API script (site configuration); null while it loads. */
  scriptUrl: string | null;
  className?: string;
}) {
  const { transcript, request, time } = dock;
  const onTime = useCallback(
    (seconds: number) => {
      if (request) dock.setTime({ number: request.number, seconds });
    },
    [request, dock.setTime],
  );
  const videos = transcript.data?.videos ?? [];
  const shown =
    videos.find((video) => video.number === dock.shownNumber) ??
    videos.find((video) => video.number === OWN_VIDEO_NUMBER) ??
    videos[0];

  return (
    <aside
      aria-label="Video and transcript"
      className={cn('grid min-w-0 grid-cols-1 content-start gap-4', className)}
    >
      {request && scriptUrl ? (
        <PlayerFrame
          scriptUrl={scriptUrl}
          request={request}
          seconds={time?.number === request.number ? time.seconds : request.seconds}
          onTime={onTime}
          onClose={dock.close}
        />
      ) : null}
      {transcript.isPending ? (
        <TranscriptLoading />
      ) : transcript.isError ? (
        <div className="grid justify-items-start gap-2 text-sm">
          <p>The transcript could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void transcript.refetch()}>
            Try again
          </Button>
        </div>
      ) : shown ? (
        <TranscriptPanel
          videos={videos}
          shown={shown}
          onShow={dock.setShownNumber}
          playingSeconds={request && time?.number === shown.number ? time.seconds : null}
          onPlay={(video, seconds) => {
            if (video.videoId) dock.play({ ...video, videoId: video.videoId }, seconds, false);
          }}
        />
      ) : null}
    </aside>
  );
}
