/** Seconds → 'mm:ss', or 'h:mm:ss' from one hour on (the citation format of answers). */
export function formatTimestamp(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** '[mm:ss]' or '[h:mm:ss]' citations in text, with the second each points at. */
export const CITATION_PATTERN = /\[(?:(\d{1,2}):)?(\d{1,2}):(\d{2})\]/g;

/** 'mm:ss' or 'h:mm:ss' → seconds, or null when it is not a time. */
export function parseTimestamp(value: string): number | null {
  const match = /^(?:(\d{1,2}):)?(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [, hours, minutes, seconds] = match;
  if (Number(seconds) > 59 || (hours !== undefined && Number(minutes) > 59)) return null;
  return Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
}
