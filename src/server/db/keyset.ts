import { desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type CursorList, encodeCursor, type PageCursor } from '../../shared/schemas/pagination';

/** The creation time and uuid that order a newest-first list (ties broken by id). */
export interface NewestFirstKey {
  createdAt: PgColumn;
  id: PgColumn;
}

/**
 * Keyset paging of a newest-first list: rows after the cursor, compared on (created_at, id) at the
 * database's microsecond precision. A row added while someone pages is newer than every cursor, so it
 * never shifts a later page: no repeats, no gaps.
 */
export function newestFirst(key: NewestFirstKey) {
  return {
    /** Selected beside the row: the position its cursor names. */
    position: sql<string>`(extract(epoch from ${key.createdAt}) * 1000000)::bigint::text`,
    orderBy: [desc(key.createdAt), desc(key.id)] as const,
    after(cursor: PageCursor | undefined): SQL | undefined {
      if (!cursor) return undefined;
      const at = sql`timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond'`;
      return sql`(${key.createdAt}, ${key.id}) < (${at}, ${cursor.id}::uuid)`;
    },
  };
}

/** A page of at most `size` rows out of `size + 1` fetched, and the cursor of the next one (null: the last page). */
export function toPage<Row extends { id: string; position: string }>(
  list: CursorList,
  rows: Row[],
  size: number,
) {
  const items = rows.slice(0, size).map(({ position: _position, ...row }) => row);
  const last = rows[size - 1];
  const nextCursor =
    rows.length > size && last ? encodeCursor(list, { micros: last.position, id: last.id }) : null;
  return { items, nextCursor };
}
