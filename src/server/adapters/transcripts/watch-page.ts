import { collapseWhitespace, type TranscriptSegment } from '../../../shared/transcript';
import {
  type CaptionTrack,
  captionTracksOf,
  chosenTrack,
  emptyTrackFailure,
  type PlayerResponse,
  preferredTrack,
  trackIdOf,
  trackOption,
} from './caption-tracks';
import type { SourceResult, TrackListResult, TranscriptSource } from './index';
import { atBaseUrl, BROWSER_USER_AGENT } from './youtube-urls';

type WatchPageOptions = { baseUrl: string; fetch: typeof globalThis.fetch };

/**
 * Reads the watch page's `ytInitialPlayerResponse`, picks the caption track asked for (else the
 * preferred one), and fetches it as JSON3 timed text. Distinguishes a video without captions (final)
 * from a bot check or a captcha.
 */
export function createWatchPageSource(options: WatchPageOptions): TranscriptSource {
  return {
    name: 'watch-page',
    async fetch(videoId, signal, trackId) {
      const player = await readPlayer(videoId, options, signal);
      if (!player.ok) return player;
      const tracks = captionTracksOf(player.response);
      if (tracks.length === 0) return { ok: false, kind: 'unavailable', reason: 'the video has no captions' };
      const track = chosenTrack(tracks, trackId);
      if (!track) return { ok: false, kind: 'unknown_track', reason: `no caption track ${trackId}` };
      const segments = await fetchJson3Track(track, options, signal);
      if (segments === null) return emptyTrackFailure(track.baseUrl, 'watch page');
      return {
        ok: true,
        transcript: {
          videoId,
          title: player.response.videoDetails?.title ?? null,
          language: track.languageCode,
          kind: track.kind === 'asr' ? 'auto' : 'manual',
          segments,
        },
      };
    },
    async listTracks(videoId, signal): Promise<TrackListResult> {
      const player = await readPlayer(videoId, options, signal);
      if (!player.ok) return player;
      const tracks = captionTracksOf(player.response);
      const preferred = preferredTrack(tracks);
      return {
        ok: true,
        tracks: tracks.map(trackOption),
        defaultTrackId: preferred ? trackIdOf(preferred) : null,
      };
    },
  };
}

/** The watch page's player response, or why there is none. */
async function readPlayer(
  videoId: string,
  options: WatchPageOptions,
  signal: AbortSignal,
): Promise<{ ok: true; response: PlayerResponse } | Extract<SourceResult, { ok: false }>> {
  const page = await options.fetch(`${options.baseUrl.replace(/\/+$/, '')}/watch?v=${videoId}&hl=en`, {
    headers: {
      'user-agent': BROWSER_USER_AGENT,
      'accept-language': 'en-US,en;q=0.9',
      cookie: 'CONSENT=YES+1',
    },
    signal,
  });
  if (page.status === 429) return { ok: false, kind: 'rate_limited', reason: 'watch page: 429' };
  if (page.status === 403) return { ok: false, kind: 'blocked', reason: 'watch page: 403' };
  if (!page.ok) return { ok: false, kind: 'failed', reason: `watch page: ${page.status}` };
  const html = await page.text();
  if (html.includes('g-recaptcha')) return { ok: false, kind: 'rate_limited', reason: 'captcha' };
  const response = inlineJson(html, 'ytInitialPlayerResponse') as PlayerResponse | null;
  if (!response) return { ok: false, kind: 'failed', reason: 'no player response on the watch page' };
  return playabilityFailure(response) ?? { ok: true, response };
}

function playabilityFailure(player: PlayerResponse): Extract<SourceResult, { ok: false }> | null {
  const { status = 'OK', reason = '' } = player.playabilityStatus ?? {};
  if (status === 'OK') return null;
  if (status === 'LOGIN_REQUIRED' && /bot|sign in to confirm/i.test(reason)) {
    return { ok: false, kind: 'blocked', reason: `bot check: ${reason}` };
  }
  if (status === 'ERROR' || status === 'UNPLAYABLE' || status === 'LOGIN_REQUIRED') {
    return { ok: false, kind: 'unavailable', reason: `${status}: ${reason}` };
  }
  return { ok: false, kind: 'failed', reason: `${status}: ${reason}` };
}

interface Json3 {
  events?: { tStartMs?: number; dDurationMs?: number; segs?: { utf8?: string }[] }[];
}

async function fetchJson3Track(
  track: CaptionTrack,
  options: { baseUrl: string; fetch: typeof globalThis.fetch },
  signal: AbortSignal,
): Promise<TranscriptSegment[] | null> {
  const url = new URL(atBaseUrl(track.baseUrl, options.baseUrl));
  url.searchParams.set('fmt', 'json3');
  const response = await options.fetch(url, { headers: { 'user-agent': BROWSER_USER_AGENT }, signal });
  if (!response.ok) return null;
  const body = await response.text();
  if (!body.trim()) return null;
  let data: Json3;
  try {
    data = JSON.parse(body) as Json3;
  } catch {
    return null;
  }
  const segments = (data.events ?? [])
    .filter((event) => Array.isArray(event.segs))
    .map((event) => ({
      start: (event.tStartMs ?? 0) / 1000,
      duration: (event.dDurationMs ?? 0) / 1000,
      text: collapseWhitespace(event.segs!.map((s) => s.utf8 ?? '').join('')),
    }))
    .filter((segment) => segment.text);
  return segments.length ? segments : null;
}

/** The JSON object assigned to `name` in an inline script (`var name = {...};`), or null. */
export function inlineJson(html: string, name: string): unknown {
  const start = html.search(new RegExp(`(?:var\\s+)?${name}\\s*=\\s*\\{`));
  if (start === -1) return null;
  const open = html.indexOf('{', start);
  let depth = 0;
  let inString = false;
  for (let i = open; i < html.length; i++) {
    const char = html[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) {
      try {
        return JSON.parse(html.slice(open, i + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}
