import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * `column desc nulls last`: the order drizzle-kit writes for `.desc()` in an index. A query ordering by
 * plain `desc` (nulls first) cannot use such an index and sorts the whole table instead; for the
 * NOT NULL timestamps we page by, both orders are the same rows.
 */
export const newestFirst = (column: AnyColumn): SQL => sql`${column} desc nulls last`;
