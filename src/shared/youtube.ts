/** The spec's message for a link that carries no 11-character YouTube video id. */
export const INVALID_YOUTUBE_URL = 'Invalid YouTube URL';

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com']);
const SHORT_LINK_HOSTS = new Set(['youtu.be', 'www.youtu.be']);
/** Paths whose second segment is the video id: /shorts/ID, /embed/ID, /live/ID, /v/ID. */
const ID_PATH_PREFIXES = new Set(['shorts', 'embed', 'live', 'v']);

/**
 * The video id of a YouTube link, or null: the `v` query parameter, the short-link host's path, or
 * /shorts/, /embed/, /live/ paths, on www., m. and music. hosts. Always 11 characters.
 */
export function parseYouTubeVideoId(input: string): string | null {
  const url = linkUrl(input.trim());
  if (!url) return null;
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let candidate: string | null | undefined = null;
  if (SHORT_LINK_HOSTS.has(host)) {
    candidate = segments.length === 1 ? segments[0] : null;
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === 'watch') candidate = url.searchParams.get('v');
    else if (segments.length === 2 && ID_PATH_PREFIXES.has(segments[0]!)) candidate = segments[1];
  }
  return candidate && VIDEO_ID.test(candidate) ? candidate : null;
}

/** A pasted link as a URL (https:// assumed when it has no scheme), or null unless http(s). */
export function linkUrl(value: string): URL | null {
  if (!value) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The canonical watch link of a video, optionally at a second. */
export function youTubeWatchUrl(videoId: string, atSeconds?: number): string {
  const base = `https://www.youtube.com/watch?v=${videoId}`;
  return atSeconds === undefined ? base : `${base}&t=${Math.max(0, Math.floor(atSeconds))}s`;
}

/** A video link opened at a second: YouTube links get `t=<n>s`; other links a `#t=<n>` media fragment. */
export function videoUrlAt(videoUrl: string, seconds: number): string {
  const videoId = parseYouTubeVideoId(videoUrl);
  if (videoId) return youTubeWatchUrl(videoId, seconds);
  return `${videoUrl.split('#')[0]}#t=${Math.max(0, Math.floor(seconds))}`;
}
