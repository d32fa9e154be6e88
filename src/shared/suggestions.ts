/**
 * Pure rules of the video suggestions: weeks (Monday to Sunday, UTC), keywords, durations.
 */

import { wallClock } from './time-zones';

/** At most this many keywords, each at most this many characters (after trimming). */
export const KEYWORD_LIMITS = { count: 10, length: 60 } as const;

export const KEYWORD_MESSAGES = {
  empty: 'A keyword cannot be empty',
  tooLong: `Keywords can be up to ${KEYWORD_LIMITS.length} characters`,
  tooMany: `You can keep up to ${KEYWORD_LIMITS.count} keywords`,
} as const;

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS_SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The UTC calendar day of a moment, 'YYYY-MM-DD'. */
export function isoDay(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** The Monday (UTC) that starts the week of a moment, as 'YYYY-MM-DD': how weeks are keyed. */
export function weekOf(moment: Date = new Date()): string {
  const daysSinceMonday = (moment.getUTCDay() + 6) % 7;
  return isoDay(new Date(moment.getTime() - daysSinceMonday * DAY_MS));
}

/** The weekly mail goes at this local hour on Monday (or later that week, to whom missed it). */
export const WEEKLY_MAIL_HOUR = 8;
/** Until this local hour on Monday the mail waits for the week's picks; then trending goes alone. */
export const WEEKLY_PICKS_WAIT_UNTIL_HOUR = 20;

/**
 * Where a user is in their weekly mail's week at `now`, on their own clock: the week (the Monday of
 * their day), whether the mail is due (Monday 08:00 has come) and whether it no longer waits for picks.
 */
export function weeklyMailMoment(now: Date, timeZone: string) {
  const { day, weekday, hour } = wallClock(now, timeZone);
  const monday = weekday === 1;
  return {
    week: weekOf(new Date(`${day}T00:00:00Z`)),
    due: !monday || hour >= WEEKLY_MAIL_HOUR,
    picksWaitOver: !monday || hour >= WEEKLY_PICKS_WAIT_UNTIL_HOUR,
  };
}

/** The week `weeks` weeks after (or before, when negative) a week. */
export function addWeeks(week: string, weeks: number): string {
  return isoDay(new Date(Date.parse(`${week}T00:00:00Z`) + weeks * 7 * DAY_MS));
}

/** Whether a string is a real calendar day 'YYYY-MM-DD'. */
export function isDayKey(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && isoDay(date) === value;
}

/** Whether a string is a real date that is a Monday: a week key. */
export function isWeekKey(value: string): boolean {
  return isDayKey(value) && new Date(`${value}T00:00:00Z`).getUTCDay() === 1;
}

/** 'May 4, 2026' for a day 'YYYY-MM-DD' (read in UTC, as days are kept, so no viewer sees another day). */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${MONTHS_SHORT[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** 'Week of May 4, 2026'. */
export function weekLabel(week: string): string {
  return `Week of ${dayLabel(week)}`;
}

/** A keyword as it is kept: trimmed, inner whitespace collapsed. */
export function cleanKeyword(value: string): string {
  return value.trim().replace(/\s+/g, ' ');
}

/** Cleaned keywords without blanks, each kept once whatever its case (the first spelling wins). */
export function dedupeKeywords(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const value of values) {
    const keyword = cleanKeyword(value);
    const key = keyword.toLowerCase();
    if (!keyword || seen.has(key)) continue;
    seen.add(key);
    kept.push(keyword);
  }
  return kept;
}

/** The same keyword set whatever the order and case: the key of cached searches. */
export function keywordSetKey(keywords: readonly string[]): string {
  return dedupeKeywords(keywords)
    .map((k) => k.toLowerCase())
    .sort()
    .join('\n');
}

export interface ProfileKeywordSource {
  industry: string;
  productsServices: string;
  currentChallenges: string;
  businessGoals: { shortTerm: string; longTerm: string };
}

const PHRASE_SEPARATORS = /[,;:.!?\n/()•]+|\s+(?:and|or|but|while|because|so|then|plus|&)\s+/i;
const LEADING_FILLER = /^(?:a|an|the|our|my|to|more|some|new)\s+/i;
/** "Costs are high" is about costs: a phrase ends where a linking verb starts its comment. */
const LINKING_TAIL = /\s+(?:is|are|was|were|be|been|being|has|have)\b.*$/i;
const MAX_PHRASE_WORDS = 5;

function phrasesOf(text: string): string[] {
  return text.split(PHRASE_SEPARATORS).map((part) => {
    let phrase = cleanKeyword(part).replace(LINKING_TAIL, '');
    while (LEADING_FILLER.test(phrase)) phrase = phrase.replace(LEADING_FILLER, '');
    return phrase.split(' ').slice(0, MAX_PHRASE_WORDS).join(' ');
  });
}

/**
 * Keywords read from the business profile, as the suggestions page first shows them: the industry,
 * then short phrases of the products and services, current challenges and goals.
 */
export function keywordsFromProfile(profile: ProfileKeywordSource): string[] {
  const industry = cleanKeyword(profile.industry);
  const phrases = [
    ...(industry.length <= KEYWORD_LIMITS.length ? [industry] : phrasesOf(industry)),
    ...phrasesOf(profile.productsServices),
    ...phrasesOf(profile.currentChallenges),
    ...phrasesOf(profile.businessGoals.shortTerm),
    ...phrasesOf(profile.businessGoals.longTerm),
  ].filter((phrase) => /\p{L}.*\p{L}.*\p{L}/u.test(phrase) && phrase.length <= KEYWORD_LIMITS.length);
  return dedupeKeywords(phrases).slice(0, KEYWORD_LIMITS.count);
}

/** A video length as YouTube shows it: '4:05', '1:02:03'. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** '4:05' or '1:02:03' (or plain seconds) → seconds; null when it is not such a length. */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d{1,6}$/.test(trimmed)) return Number(trimmed);
  const match = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{2})$/.exec(trimmed);
  if (!match) return null;
  const [, h, m, s] = match;
  if (Number(s) > 59 || (h !== undefined && Number(m) > 59)) return null;
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s);
}

/** Where video stills load from: the only outside images the pages may show (the CSP's img-src). */
export const YOUTUBE_THUMBNAIL_ORIGINS = ['https://i.ytimg.com', 'https://img.youtube.com'] as const;

/** Whether a still is one of YouTube's own (another site's image link is not shown). */
export function isYouTubeThumbnail(url: string): boolean {
  return URL.canParse(url) && (YOUTUBE_THUMBNAIL_ORIGINS as readonly string[]).includes(new URL(url).origin);
}

/** YouTube's own thumbnail of a video: its high-quality still (hqdefault, 480×360), which every video has. */
export function youTubeThumbnailUrl(videoId: string): string {
  return `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;
}

/**
 * The combined weekly mail's (picks and check-in) unsubscribe page: it stops the whole mail and lets the
 * user keep either part. The token is the picks' unsubscribe secret.
 */
export const WEEKLY_MAIL_UNSUBSCRIBE_PAGE_PATH = '/weekly-mail/unsubscribe';
export const weeklyMailUnsubscribePageHref = (token: string) =>
  `${WEEKLY_MAIL_UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`;

/** The weekly e-mail's unsubscribe page (no sign-in: the token is the secret), for the router and the e-mail. */
export const UNSUBSCRIBE_PAGE_PATH = '/suggestions/unsubscribe';
export const unsubscribePageHref = (token: string) =>
  `${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`;

/** What the site knows of a YouTube video (from the Data API, oEmbed or an admin's form). */
export interface VideoDetails {
  videoId: string;
  title: string;
  channel: string;
  description: string;
  durationSeconds: number | null;
  /** The day it was published, 'YYYY-MM-DD' (UTC). */
  publishedOn: string | null;
  thumbnailUrl: string | null;
  viewCount: number | null;
}
