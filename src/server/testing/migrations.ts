import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseHandle, Executor } from '../db/client';
import { MIGRATIONS_DIR, migrateDatabase } from '../db/migrate';
import { rowsOf } from './every-column-scan';

interface Journal {
  entries: { tag: string }[];
}

/**
 * Migrates a database as far as it went before the migration whose tag ends with `tag` (a copy of
 * the migrations folder with its journal cut there), so a test can fill it with the data of that time.
 */
export async function migrateBefore(database: DatabaseHandle, tag: string): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), 'vv-migrations-'));
  try {
    cpSync(MIGRATIONS_DIR, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
    const index = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
    if (index < 1) throw new Error(`no migration before one tagged …${tag}`);
    writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
    await migrateDatabase(database, folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Inserts a row naming only the given columns, as an older schema would (drizzle's own insert names
 * every column of today's schema, which a database migrated part way lacks). Answers its id.
 */
export async function insertOldRow<T extends PgTable>(
  db: Executor,
  table: T,
  values: Partial<T['$inferInsert']>,
): Promise<string> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const given = Object.entries(values).filter(([, value]) => value !== undefined);
  const names = given.map(([key]) => sql.identifier(columns[key]!.name));
  const params = given.map(([key, value]) => sql.param(value, columns[key]));
  const result = await db.execute(
    sql`insert into ${table} (${sql.join(names, sql`, `)}) values (${sql.join(params, sql`, `)}) returning id`,
  );
  return rowsOf<{ id: string }>(result)[0]!.id;
}
