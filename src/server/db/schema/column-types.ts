import { customType } from 'drizzle-orm/pg-core';

/** A full-text document (stemmed words with positions): what `@@` matches a tsquery against. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
