import type { Citation } from './citations';

/** A passage of a transcript as the panel beside the player lists it: null `start` when untimed. */
export interface TimedPassage {
  start: number | null;
  text: string;
}

/** A video of a consultation as the player knows it: its number (V2) and the YouTube video it plays. */
export interface PlayableVideo {
  number: number;
  videoId: string | null;
}

/** The chat's own video: what a '[mm:ss]' citation points at. */
export const OWN_VIDEO_NUMBER = 1;

/**
 * The passage playing at `seconds`: the last timed one starting at or before it (passages are in video
 * order), or -1 before the first one and in an untimed transcript.
 */
export function passageAt(passages: readonly TimedPassage[], seconds: number): number {
  let playing = -1;
  for (const [index, passage] of passages.entries()) {
    if (passage.start === null) continue;
    if (passage.start > seconds) break;
    playing = index;
  }
  return playing;
}

/**
 * The video and second a citation plays: '[02:05]' the chat's own video, '[V2 14:05]' its video number
 * 2; null when that video has no YouTube video to play (a pasted transcript, a caption file).
 */
export function citedMoment<Video extends PlayableVideo>(
  citation: Citation,
  videos: readonly Video[],
): { video: Video & { videoId: string }; seconds: number } | null {
  const number = citation.source ?? OWN_VIDEO_NUMBER;
  const video = videos.find((candidate) => candidate.number === number);
  if (!video?.videoId) return null;
  return { video: { ...video, videoId: video.videoId }, seconds: citation.seconds };
}
