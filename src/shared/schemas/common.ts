import { z } from 'zod';

/** Chat, ticket and message ids are UUIDs; anything else is refused before it reaches the database. */
export const uuidParam = z.object({ id: z.guid('Not a valid id') });

/**
 * PostgreSQL text cannot hold U+0000. Where a request would write or send something before its text
 * is stored (a generation lease, a mail), such text is refused here, with the field named.
 */
export const NUL_IN_TEXT_MESSAGE = 'Text cannot contain the NUL character (U+0000)';
export const hasNoNul = (value: string) => !value.includes('\u0000');

export const pageParam = z.coerce.number().int().min(1).max(100_000).default(1);
