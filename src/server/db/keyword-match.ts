import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The keywords (of `keywords`) a document matches, in their order: every word of a keyword, stemmed
 * (plainto_tsquery), appears in it. One rule for picks, the catalogue, YouTube's results and the
 * followed channels' videos.
 */
export function keywordMatches(document: SQL | PgColumn, keywords: string[]): SQL<string[]> {
  if (keywords.length === 0) return sql<string[]>`'{}'::text[]`;
  const cases = keywords.map(
    (keyword) =>
      sql`case when ${document} @@ plainto_tsquery('english', ${keyword}) then ${keyword}::text end`,
  );
  return sql<string[]>`array_remove(array[${sql.join(cases, sql`, `)}], null)`;
}
