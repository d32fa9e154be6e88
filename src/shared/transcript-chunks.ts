/** The spec's chunk budget: 200000 characters minus the profile estimate minus 1000. */
export const CHUNK_BASE_CHARS = 200_000;
export const CHUNK_RESERVE_CHARS = 1_000;

/** The spec's profile token estimate: its JSON length divided by 4, rounded up. */
export function estimateProfileTokens(profile: unknown): number {
  return Math.ceil(JSON.stringify(profile).length / 4);
}

/** Characters per transcript chunk for a profile (never below 1000, so a huge profile cannot stall the split). */
export function chunkSizeFor(profile: unknown): number {
  return Math.max(1_000, CHUNK_BASE_CHARS - estimateProfileTokens(profile) - CHUNK_RESERVE_CHARS);
}

/**
 * Splits a transcript into chunks of at most `size` characters, cutting at the last space inside
 * each chunk when there is one so words stay whole.
 */
export function splitTranscript(transcript: string, size: number): string[] {
  const chunks: string[] = [];
  let rest = transcript.trim();
  while (rest.length > size) {
    const space = rest.lastIndexOf(' ', size);
    const cut = space > size / 2 ? space : size;
    chunks.push(rest.slice(0, cut).trim());
    rest = rest.slice(cut).trim();
  }
  if (rest) chunks.push(rest);
  return chunks;
}
