import { sql } from 'drizzle-orm';
import type { TestClient } from './test-client';

/** `count` creation times a few microseconds apart, three rows sharing each: ties and sub-millisecond steps. */
export function crowdedCreationTimes(count: number) {
  return Array.from(
    { length: count },
    (_, index) =>
      sql`timestamptz '2026-03-01 09:00:00+00' + ${Math.floor(index / 3)} * interval '1 microsecond'`,
  );
}

/** The newest-first order of rows made by `crowdedCreationTimes`: later times first, then larger ids. */
export function newestFirstIds(rows: { id: string; index: number }[]): string[] {
  return rows
    .toSorted(
      (a, b) => Math.floor(b.index / 3) - Math.floor(a.index / 3) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    )
    .map((row) => row.id);
}

/**
 * Follows a cursor-paged list to its end, calling `betweenPages` after each page (to add rows while
 * someone pages): every row id in order, and the count each page reported.
 */
export async function pageThrough(
  client: TestClient,
  path: string,
  key: string,
  betweenPages: () => Promise<void> = async () => {},
) {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const url: string = cursor ? `${path}?cursor=${encodeURIComponent(cursor)}` : path;
    const page: Record<string, unknown> & { nextCursor: string | null; total: number } =
      await client.json(url);
    ids.push(...(page[key] as { id: string }[]).map((row) => row.id));
    totals.push(page.total);
    cursor = page.nextCursor;
    await betweenPages();
  } while (cursor);
  return { ids, totals };
}
