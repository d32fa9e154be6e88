/** A caption track as YouTube's player response lists it. */
export interface CaptionTrack {
  baseUrl: string;
  languageCode: string;
  /** 'asr' for automatically generated captions */
  kind?: string;
  name?: { simpleText?: string; runs?: { text: string }[] };
}

/** The player response's tracks, if any. */
export function captionTracksOf(playerResponse: unknown): CaptionTrack[] {
  const tracks = (playerResponse as PlayerResponse | null)?.captions?.playerCaptionsTracklistRenderer
    ?.captionTracks;
  return Array.isArray(tracks) ? tracks.filter((t) => typeof t?.baseUrl === 'string') : [];
}

export interface PlayerResponse {
  playabilityStatus?: { status?: string; reason?: string };
  videoDetails?: { title?: string };
  captions?: { playerCaptionsTracklistRenderer?: { captionTracks?: CaptionTrack[] } };
}

/** A manual English track, then an automatic English one, then any manual track, then any. */
export function preferredTrack(tracks: CaptionTrack[]): CaptionTrack | undefined {
  const english = (t: CaptionTrack) => t.languageCode.toLowerCase().startsWith('en');
  const manual = (t: CaptionTrack) => t.kind !== 'asr';
  return (
    tracks.find((t) => english(t) && manual(t)) ?? tracks.find(english) ?? tracks.find(manual) ?? tracks[0]
  );
}
