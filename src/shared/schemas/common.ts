import { z } from 'zod';

/** Chat, ticket and message ids are UUIDs; anything else is refused before it reaches the database. */
export const uuidParam = z.object({ id: z.guid('Not a valid id') });

/**
 * PostgreSQL text cannot hold U+0000. Where a request would write or send something before its text
 * is stored (a generation lease, a mail), such text is refused here, with the field named.
 */
export const NUL_IN_TEXT_MESSAGE = 'Text cannot contain the NUL character (U+0000)';
export const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * A JSON object whose text fields hold no NUL, the field named when one does: what Better Auth's forms
 * (sign-up, update-user, magic link…) are checked against before they reach it, since it answers a
 * value the database refused in its own way (sign-up: 422) instead of ours.
 */
export const textFieldsWithoutNul = z.record(z.string(), z.unknown()).superRefine((body, ctx) => {
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === 'string' && !hasNoNul(value)) {
      ctx.addIssue({ code: 'custom', path: [field], message: NUL_IN_TEXT_MESSAGE });
    }
  }
});

export const pageParam = z.coerce.number().int().min(1).max(100_000).default(1);
