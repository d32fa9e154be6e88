import { collapseWhitespace } from '../../../shared/transcript';
import type { TranscriptSource } from './index';

interface ApiLine {
  text?: unknown;
  start?: unknown;
  offset?: unknown;
  duration?: unknown;
}

/**
 * An optional paid transcript API, tried last and only when TRANSCRIPT_API_URL and TRANSCRIPT_API_KEY
 * are set: POST {videoId} with a bearer key, answered as the spec's `{ transcript: { transcript: [{ text,
 * start, duration }] } }` (times in seconds; a flat `transcript` list is accepted too). It reads one
 * track of its own choosing, so it does not answer for a track the user picked.
 */
export function createPaidApiSource(options: {
  url: string;
  key: string;
  fetch: typeof globalThis.fetch;
}): TranscriptSource {
  return {
    name: 'transcript-api',
    async fetch(videoId, signal, trackId) {
      if (trackId !== undefined) {
        return { ok: false, kind: 'failed', reason: 'transcript API: cannot read a chosen caption track' };
      }
      const response = await options.fetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${options.key}` },
        body: JSON.stringify({ videoId }),
        signal,
      });
      if (response.status === 404) return { ok: false, kind: 'unavailable', reason: 'transcript API: 404' };
      if (response.status === 429) return { ok: false, kind: 'rate_limited', reason: 'transcript API: 429' };
      if (!response.ok) return { ok: false, kind: 'failed', reason: `transcript API: ${response.status}` };
      const body = (await response.json()) as { transcript?: { transcript?: ApiLine[] } | ApiLine[] };
      const lines = Array.isArray(body.transcript) ? body.transcript : (body.transcript?.transcript ?? []);
      const segments = lines
        .map((line) => ({
          start: Number(line.start ?? line.offset ?? 0) || 0,
          duration: Number(line.duration ?? 0) || 0,
          text: collapseWhitespace(String(line.text ?? '')),
        }))
        .filter((segment) => segment.text);
      if (segments.length === 0) return { ok: false, kind: 'unavailable', reason: 'transcript API: empty' };
      return { ok: true, transcript: { videoId, title: null, language: null, kind: null, segments } };
    },
  };
}
