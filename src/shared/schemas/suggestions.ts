import { z } from 'zod';
import {
  cleanKeyword,
  dedupeKeywords,
  isDayKey,
  isWeekKey,
  KEYWORD_LIMITS,
  KEYWORD_MESSAGES,
  parseDuration,
} from '../suggestions';
import { INVALID_YOUTUBE_URL, parseYouTubeVideoId } from '../youtube';
import { hasNoNul, NUL_IN_TEXT_MESSAGE } from './common';

export const PICK_LIMITS = {
  title: 200,
  channel: 100,
  note: 1000,
  tag: 40,
  tags: 10,
  thumbnailUrl: 500,
} as const;

export const SUGGESTION_MESSAGES = {
  invalidUnsubscribeLink: 'This unsubscribe link is not valid. Sign in to change your e-mail settings.',
  weekRequired: 'Choose a week (the Monday it starts on)',
} as const;

/** Trimmed text of at most `max` characters; required (with that message) when `required` is given. */
const text = (max: number, label: string, required?: string) =>
  z
    .string()
    .trim()
    .min(required ? 1 : 0, required)
    .max(max, `The ${label} can be up to ${max} characters`)
    .refine(hasNoNul, NUL_IN_TEXT_MESSAGE);

const keyword = z
  .string()
  .transform(cleanKeyword)
  .pipe(
    z
      .string()
      .min(1, KEYWORD_MESSAGES.empty)
      .max(KEYWORD_LIMITS.length, KEYWORD_MESSAGES.tooLong)
      .refine(hasNoNul, NUL_IN_TEXT_MESSAGE),
  );

/** The user's keywords: trimmed, each kept once whatever its case, at most 10 of 60 characters. */
export const keywordsInput = z.object({
  keywords: z
    .array(keyword)
    .max(KEYWORD_LIMITS.count * 10, KEYWORD_MESSAGES.tooMany)
    .transform(dedupeKeywords)
    .pipe(z.array(z.string()).max(KEYWORD_LIMITS.count, KEYWORD_MESSAGES.tooMany)),
});
export type KeywordsInput = z.input<typeof keywordsInput>;

export const weeklyEmailInput = z.object({ weeklyEmail: z.boolean('Say true or false') });

export const unsubscribeQuery = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/, SUGGESTION_MESSAGES.invalidUnsubscribeLink),
});

/** The parts of the weekly mail a user may keep after unsubscribing from all of it. */
export const WEEKLY_MAIL_PARTS = ['picks', 'checkIn'] as const;
export const keepWeeklyMailPartInput = z.object({
  part: z.enum(WEEKLY_MAIL_PARTS, 'Choose the part to keep: picks or checkIn'),
});

const youtubeLink = z
  .string()
  .trim()
  .max(2_000, INVALID_YOUTUBE_URL)
  .refine((value) => parseYouTubeVideoId(value) !== null, INVALID_YOUTUBE_URL);

export const weekKey = z.string().refine(isWeekKey, SUGGESTION_MESSAGES.weekRequired);

const tag = z
  .string()
  .trim()
  .min(1, 'A tag cannot be empty')
  .max(PICK_LIMITS.tag, `Tags can be up to ${PICK_LIMITS.tag} characters`)
  .refine(hasNoNul, NUL_IN_TEXT_MESSAGE);

const isHttpsUrl = (value: string) => {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
};

/** A weekly pick as the admin form and the API exchange it (one schema on both sides). */
export const pickInput = z.object({
  url: youtubeLink,
  week: weekKey,
  title: text(PICK_LIMITS.title, 'title', 'Add the video’s title'),
  channel: text(PICK_LIMITS.channel, 'channel').default(''),
  /** 'm:ss' or 'h:mm:ss', or empty when unknown. */
  duration: z
    .string()
    .trim()
    .refine((value) => value === '' || parseDuration(value) !== null, 'Write the length as m:ss or h:mm:ss')
    .default(''),
  /** 'YYYY-MM-DD', or empty when unknown. */
  publishedOn: z
    .string()
    .trim()
    .refine((value) => value === '' || isDayKey(value), 'Not a date')
    .default(''),
  thumbnailUrl: z
    .string()
    .trim()
    .max(PICK_LIMITS.thumbnailUrl, 'Keep the image link shorter')
    .refine((value) => value === '' || isHttpsUrl(value), 'Use an https:// image link')
    .default(''),
  tags: z
    .array(tag)
    .max(PICK_LIMITS.tags, `Up to ${PICK_LIMITS.tags} tags`)
    .refine((tags) => dedupeKeywords(tags).length === tags.length, 'Give each tag once')
    .default([]),
  note: text(PICK_LIMITS.note, 'note', 'Say why this video is a pick'),
});
export type PickInput = z.input<typeof pickInput>;

export const adminPicksQuery = z.object({ week: weekKey.optional() });

export const lookupVideoQuery = z.object({ url: youtubeLink });

/** The week's picks in their new order: exactly the ids the week holds. */
export const reorderPicksInput = z.object({
  week: weekKey,
  ids: z.array(z.guid('Not a valid id')).min(1).max(500),
});

/** A pick as the form submits it once validated (defaults filled in). */
export type PickValues = z.output<typeof pickInput>;
