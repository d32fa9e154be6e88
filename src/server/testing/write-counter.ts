import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import * as schema from '../db/schema';
import { rowsOf } from './every-column-scan';

/**
 * Counts committed row writes: a row-level trigger on every table adds one to a counter in the same
 * transaction, so a write that is rolled back does not count and one that lands always does. Equal
 * before and after a refused request means nothing was written. (Test databases only.)
 */
export async function countWrites(db: Executor) {
  const tables = Object.values(schema).filter((value) => is(value, PgTable)) as PgTable[];
  const statements = [
    'create table fuzz_writes (n bigint not null)',
    'insert into fuzz_writes values (0)',
    `create function fuzz_count_write() returns trigger language plpgsql as $$
       begin update fuzz_writes set n = n + 1; return null; end $$`,
    ...tables.map(
      (table) =>
        `create trigger fuzz_count after insert or update or delete on "${getTableName(table)}" for each row execute function fuzz_count_write()`,
    ),
  ];
  for (const statement of statements) await db.execute(sql.raw(statement));
}

/** The writes counted since `countWrites`. */
export async function writesSoFar(db: Executor): Promise<number> {
  return rowsOf<{ n: number }>(await db.execute(sql`select n::int as n from fuzz_writes`))[0]!.n;
}
