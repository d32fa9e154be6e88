import { z } from 'zod';
import { hasNoNul, NUL_IN_TEXT_MESSAGE } from './common';

export const RATINGS = ['up', 'down'] as const;
export type Rating = (typeof RATINGS)[number];

/** Why an answer was rated 👎: one of these, and optionally a few words. */
export const RATING_REASONS = {
  inaccurate: 'Not accurate',
  not_helpful: 'Not helpful',
  ignored_video: 'Did not use the video',
  ignored_profile: 'Did not fit my business',
  too_long: 'Too long',
  other: 'Something else',
} as const;
export type RatingReason = keyof typeof RATING_REASONS;
const reasonKeys = Object.keys(RATING_REASONS) as [RatingReason, ...RatingReason[]];

export const MAX_RATING_NOTE_CHARS = 500;

export const answerParam = z.object({
  chatId: z.uuid('Not a valid id'),
  messageId: z.uuid('Not a valid id'),
});

/** A 👍, or a 👎 with an optional reason and note (a 👍 carries neither). */
export const rateMessageInput = z.discriminatedUnion('rating', [
  z.object({ rating: z.literal('up') }).strict(),
  z
    .object({
      rating: z.literal('down'),
      reason: z.enum(reasonKeys).nullish(),
      note: z
        .string()
        .trim()
        .max(MAX_RATING_NOTE_CHARS, `Keep the note under ${MAX_RATING_NOTE_CHARS} characters`)
        .refine(hasNoNul, NUL_IN_TEXT_MESSAGE)
        .nullish(),
    })
    .strict(),
]);
export type RateMessageInput = z.infer<typeof rateMessageInput>;

/** How many 👎 answers the admin screen lists, newest first. */
export const LATEST_DOWN_RATINGS = 20;
/** How many weeks of ratings the admin screen shows. */
export const RATING_WEEKS = 12;
