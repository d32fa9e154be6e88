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

/**
 * Whether a caption URL is in YouTube's proof-of-origin experiment (`exp=xpe`, or `xpv`): without a
 * token only a real player holds, its timed text answers a server with an empty 200.
 */
export function requiresPoToken(captionUrl: string): boolean {
  const experiments = new URL(captionUrl, 'https://www.youtube.com').searchParams.getAll('exp');
  return experiments.some((value) => value.split(',').some((e) => e === 'xpe' || e === 'xpv'));
}

/** The failure of a caption track YouTube answered empty: blocked when it wanted a token, else unreadable. */
export function emptyTrackFailure(captionUrl: string, source: string) {
  return requiresPoToken(captionUrl)
    ? ({
        ok: false,
        kind: 'blocked',
        reason: `${source}: the caption track needs a proof-of-origin token (exp=xpe) and came back empty`,
      } as const)
    : ({
        ok: false,
        kind: 'failed',
        reason: `${source}: the caption track was empty or unreadable`,
      } as const);
}
