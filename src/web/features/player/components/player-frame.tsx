import { ExternalLink, X } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { videoUrlAt } from '../../../../shared/youtube';
import { Button } from '../../../components/ui/button';
import { loadYouTubeIframeApi, PLAYER_STATE, type YouTubePlayer } from '../youtube-iframe-api';

/** YouTube's privacy-enhanced players: the only origin the pages frame them from (CSP frame-src). */
const PLAYER_HOST = 'https://www.youtube-nocookie.com';
const SEEK_STEP_SECONDS = 10;
/** How often the transcript asks the playing video where it is (the API has no time event). */
const TIME_POLL_MS = 500;

/** A moment to play: `seq` tells a second click on the same citation from the first. */
export interface PlayRequest {
  number: number;
  videoId: string;
  title: string;
  youtubeUrl: string;
  seconds: number;
  seq: number;
  /** Move the keyboard to the player (a citation was followed), or leave it where it is (a passage). */
  focus: boolean;
}

/**
 * The YouTube player docked beside the consultation, driven through the IFrame Player API: it plays
 * each request at its second, reports where playback is, and answers k, j, l and Escape.
 */
export function PlayerFrame({
  scriptUrl,
  request,
  seconds,
  onTime,
  onClose,
}: {
  scriptUrl: string;
  request: PlayRequest;
  /** Where playback is, as last reported: the "Open on YouTube" link opens there. */
  seconds: number;
  onTime: (seconds: number) => void;
  onClose: () => void;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const player = useYouTubePlayer(hostRef, scriptUrl, request, onTime);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each followed citation (a new seq) brings the keyboard here
  useEffect(() => {
    if (request.focus) frameRef.current?.focus();
  }, [request.focus, request.seq]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.target !== frameRef.current || event.altKey || event.ctrlKey || event.metaKey) return;
    const action = {
      k: player.toggle,
      j: () => player.seekBy(-SEEK_STEP_SECONDS),
      l: () => player.seekBy(SEEK_STEP_SECONDS),
    }[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <section
      aria-labelledby="player-heading"
      className="grid min-w-0 grid-cols-1 gap-2"
      onKeyDown={onKeyDown}
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="player-heading" className="min-w-0 truncate text-sm font-semibold" title={request.title}>
          <span className="mr-1.5 rounded bg-muted px-1.5 py-0.5 font-mono text-xs">V{request.number}</span>
          {request.title}
        </h2>
        <div className="flex shrink-0 items-center gap-1">
          <Button asChild variant="outline" size="sm">
            <a href={videoUrlAt(request.youtubeUrl, seconds)} target="_blank" rel="noopener noreferrer">
              <ExternalLink /> Open on YouTube
            </a>
          </Button>
          <Button variant="ghost" size="icon" aria-label="Close the video" onClick={onClose}>
            <X />
          </Button>
        </div>
      </div>
      <div
        ref={frameRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the player answers its keys while it has focus
        tabIndex={0}
        // Its own keys (k, j, l) while it has focus: a screen reader passes them through.
        role="application"
        aria-label={`Video player: ${request.title}`}
        aria-describedby="player-keys"
        className="aspect-video w-full overflow-hidden rounded-md bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <div ref={hostRef} className="size-full" />
      </div>
      {player.failed ? (
        <p role="alert" className="text-sm text-danger">
          The video player could not load. Open the video on YouTube instead.
        </p>
      ) : null}
      <p id="player-keys" className="text-xs text-muted-foreground">
        Keys on the player: k play or pause · j back 10 s · l forward 10 s · Esc close
      </p>
    </section>
  );
}

/**
 * One IFrame API player inside `hostRef` for as long as the frame shows: created at the first request,
 * then seeking (the same video) or loading (another) at each new one.
 */
function useYouTubePlayer(
  hostRef: React.RefObject<HTMLDivElement | null>,
  scriptUrl: string,
  request: PlayRequest,
  onTime: (seconds: number) => void,
) {
  const playerRef = useRef<YouTubePlayer | null>(null);
  const loadedVideo = useRef<string | null>(null);
  const latest = useRef({ request, onTime });
  latest.current = { request, onTime };
  const [failed, setFailed] = useState(false);
  const [playing, setPlaying] = useState(false);

  const play = useCallback((player: YouTubePlayer, wanted: PlayRequest) => {
    if (loadedVideo.current === wanted.videoId) {
      player.seekTo(wanted.seconds, true);
      player.playVideo();
    } else {
      player.loadVideoById({ videoId: wanted.videoId, startSeconds: wanted.seconds });
      loadedVideo.current = wanted.videoId;
    }
    latest.current.onTime(wanted.seconds);
  }, []);

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    let cancelled = false;
    let created: YouTubePlayer | null = null;
    const target = document.createElement('div');
    host.append(target);
    loadYouTubeIframeApi(scriptUrl).then(
      (api) => {
        if (cancelled) return;
        const first = latest.current.request;
        created = new api.Player(target, {
          host: PLAYER_HOST,
          videoId: first.videoId,
          width: '100%',
          height: '100%',
          playerVars: { playsinline: 1, rel: 0 },
          events: {
            onReady: () => {
              if (cancelled || !created) return;
              loadedVideo.current = first.videoId;
              playerRef.current = created;
              play(created, latest.current.request);
            },
            onStateChange: (event) => setPlaying(event.data === PLAYER_STATE.playing),
          },
        });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      created?.destroy();
      playerRef.current = null;
      loadedVideo.current = null;
      host.replaceChildren();
    };
  }, [hostRef, scriptUrl, play]);

  // Each later request (the first is played once the player is ready).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new request is told by its seq
  useEffect(() => {
    if (playerRef.current) play(playerRef.current, latest.current.request);
  }, [request.seq, play]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      if (playerRef.current) latest.current.onTime(playerRef.current.getCurrentTime());
    }, TIME_POLL_MS);
    return () => clearInterval(timer);
  }, [playing]);

  return {
    failed,
    toggle: () => {
      const player = playerRef.current;
      if (!player) return;
      if (player.getPlayerState() === PLAYER_STATE.playing) player.pauseVideo();
      else player.playVideo();
    },
    seekBy: (delta: number) => {
      const player = playerRef.current;
      if (!player) return;
      const to = Math.max(0, player.getCurrentTime() + delta);
      player.seekTo(to, true);
      latest.current.onTime(to);
    },
  };
}
