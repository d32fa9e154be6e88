import { z } from 'zod';

/** Chat, ticket and message ids are UUIDs; anything else is refused before it reaches the database. */
export const uuidParam = z.object({ id: z.guid('Not a valid id') });

export const pageParam = z.coerce.number().int().min(1).max(100_000).default(1);
