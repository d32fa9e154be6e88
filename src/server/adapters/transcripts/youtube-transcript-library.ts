import {
  YoutubeTranscript,
  YoutubeTranscriptNotAvailableLanguageError,
  YoutubeTranscriptTooManyRequestError,
} from 'youtube-transcript';
import { collapseWhitespace } from '../../../shared/transcript';
import { emptyTrackFailure, languageOfTrackId } from './caption-tracks';
import type { TranscriptSource } from './index';
import { fetchAtBaseUrl } from './youtube-urls';

/**
 * The youtube-transcript library: InnerTube's player API as the Android app calls it, then its own
 * watch-page fallback. We ask for srv3 timed text so its offsets are always milliseconds. It picks a
 * track by language alone: the chosen track's language, else the first track listed.
 */
export function createYoutubeTranscriptSource(options: {
  baseUrl: string;
  fetch: typeof globalThis.fetch;
}): TranscriptSource {
  const routed = fetchAtBaseUrl(options.baseUrl, options.fetch);
  return {
    name: 'youtube-transcript',
    async fetch(videoId, signal, trackId) {
      let captionUrl: string | null = null;
      const fetchSrv3: typeof globalThis.fetch = (input, init) => {
        const url = new URL(
          typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        );
        if (url.pathname.endsWith('/timedtext')) {
          captionUrl = url.href;
          url.searchParams.set('fmt', 'srv3');
        }
        return routed(url, { ...init, signal });
      };
      try {
        const lang = trackId === undefined ? undefined : languageOfTrackId(trackId);
        const items = await YoutubeTranscript.fetchTranscript(videoId, { lang, fetch: fetchSrv3 });
        const segments = items
          .map((item) => ({
            start: item.offset / 1000,
            duration: item.duration / 1000,
            text: collapseWhitespace(item.text),
          }))
          .filter((segment) => segment.text);
        if (segments.length === 0) {
          return captionUrl
            ? emptyTrackFailure(captionUrl, 'youtube-transcript')
            : { ok: false, kind: 'failed', reason: 'library returned no lines' };
        }
        return {
          ok: true,
          transcript: { videoId, title: null, language: items[0]?.lang ?? null, kind: null, segments },
        };
      } catch (error) {
        if (error instanceof YoutubeTranscriptTooManyRequestError) {
          return { ok: false, kind: 'rate_limited', reason: error.message };
        }
        if (error instanceof YoutubeTranscriptNotAvailableLanguageError) {
          return { ok: false, kind: 'unknown_track', reason: error.message };
        }
        return { ok: false, kind: 'failed', reason: (error as Error).message };
      }
    },
  };
}
