import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../db/client';
import { MIGRATIONS_DIR, migrateDatabase } from '../db/migrate';

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
