import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

interface Column {
  table_schema: string;
  table_name: string;
  column_name: string;
}

/** The rows of a raw query's result, as either driver returns them. */
export const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? result : (result as { rows: T[] }).rows;

/**
 * Every column of every table, partitioned table and materialized view (which holds copies of data),
 * from the database's own catalogue (not from our schema).
 */
async function everyColumn(db: Executor): Promise<Column[]> {
  return rowsOf<Column>(
    await db.execute(sql`
      select n.nspname as table_schema, c.relname as table_name, a.attname as column_name
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind in ('r', 'p', 'm')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'
      order by n.nspname, c.relname, a.attnum`),
  );
}

const tableName = ({ table_schema, table_name }: Column) =>
  table_schema === 'public' ? table_name : `${table_schema}.${table_name}`;

/** Every table (and materialized view) of the database, as `scanEveryColumn` names them. */
export async function everyTable(db: Executor): Promise<string[]> {
  return [...new Set((await everyColumn(db)).map(tableName))];
}

/**
 * Searches every column of every table for each needle (case-insensitive, every value cast to text,
 * jsonb included). The tables come from the database's own catalogue, not from our schema, so a table
 * added tomorrow is searched too. Answers one line per find: `table.column holds <what>`.
 */
export async function scanEveryColumn(db: Executor, needles: Record<string, string>): Promise<string[]> {
  const columns = await everyColumn(db);
  const wanted = Object.entries(needles).map(
    ([what, needle]) => sql`(${what}::text, ${needle.toLowerCase()}::text)`,
  );
  const searches: SQL[] = columns.map(
    (column) => sql`
      select ${`${tableName(column)}.${column.column_name}`}::text as place, n.what
      from needles n
      where exists (
        select 1 from ${sql.identifier(column.table_schema)}.${sql.identifier(column.table_name)}
        where strpos(lower(${sql.identifier(column.column_name)}::text), n.needle) > 0
      )`,
  );
  const finds = rowsOf<{ place: string; what: string }>(
    await db.execute(sql`
      with needles (what, needle) as (values ${sql.join(wanted, sql`, `)})
      ${sql.join(searches, sql` union all `)}`),
  );
  return finds.map(({ place, what }) => `${place} holds ${what}`).sort();
}
