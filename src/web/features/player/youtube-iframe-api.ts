/**
 * The documented surface of the YouTube IFrame Player API that the player beside a consultation uses
 * (https://developers.google.com/youtube/iframe_api_reference), and its loader.
 */
export const PLAYER_STATE = { ended: 0, playing: 1, paused: 2 } as const;

export interface YouTubePlayer {
  seekTo(seconds: number, allowSeekAhead: boolean): void;
  playVideo(): void;
  pauseVideo(): void;
  getCurrentTime(): number;
  getPlayerState(): number;
  loadVideoById(options: { videoId: string; startSeconds?: number }): void;
  destroy(): void;
}

export interface YouTubePlayerOptions {
  host: string;
  videoId: string;
  width: string;
  height: string;
  playerVars: Record<string, number>;
  events: {
    onReady: () => void;
    onStateChange: (event: { data: number }) => void;
  };
}

interface YouTubeNamespace {
  Player: new (element: HTMLElement, options: YouTubePlayerOptions) => YouTubePlayer;
}

declare global {
  interface Window {
    YT?: YouTubeNamespace;
    onYouTubeIframeAPIReady?: () => void;
  }
}

let loading: Promise<YouTubeNamespace> | null = null;

/** Loads the API's script once (from the configured origin); it calls `onYouTubeIframeAPIReady` when ready. */
export function loadYouTubeIframeApi(scriptUrl: string): Promise<YouTubeNamespace> {
  if (window.YT?.Player) return Promise.resolve(window.YT);
  loading ??= new Promise<YouTubeNamespace>((resolve, reject) => {
    const previous = window.onYouTubeIframeAPIReady;
    window.onYouTubeIframeAPIReady = () => {
      previous?.();
      if (window.YT?.Player) resolve(window.YT);
      else reject(new Error('The YouTube player API did not start'));
    };
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('The YouTube player API could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}
