import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../testing/every-column-scan';
import { openTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './client';
import { MIGRATIONS_DIR, migrateDatabase } from './migrate';

interface Journal {
  entries: { tag: string }[];
}

/** The migrations folder as it was before `tag`: its journal ends just before that migration. */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'vv-migrations-'));
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as Journal;
  const index = journal.entries.findIndex((entry) => entry.tag.endsWith(tag));
  expect(index).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, index) }));
  return folder;
}

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('gives the mails sent before the outbox knew its accounts to the account they are to or about', async () => {
  await migrateDatabase(database, migrationsBefore('_outbox-user'));
  await database.db.execute(
    sql`insert into "user" (id, name, email) values ('u-maya', 'Maya', 'maya@example.com'), ('u-ola', 'Ola', 'ola@example.com')`,
  );
  await database.db.execute(sql`
    insert into outbox_emails (to_address, subject, text, kind) values
      ('maya@example.com', 'Welcome to Vidvisor', 'Welcome, Maya!', 'welcome'),
      ('support@vidvisor.local', 'Support Request Maya', E'Support Request Maya\n\nName: Maya\n\nEmail: maya@example.com\n\nMessage:', 'support-request'),
      ('support@vidvisor.local', 'Affiliate Request from Ola', E'Affiliate Request from Ola\n\nName: Ola\n\nEmail: ola@example.com\n\nMessage:', 'affiliate-request'),
      ('support@vidvisor.local', 'Support Request X', E'Support Request X\n\nEmail: xmaya@example.com\n\nMessage:', 'support-request'),
      ('support@vidvisor.local', 'Support Request Ola', E'Support Request Ola\n\nName: Ola\n\nEmail: ola@example.com\n\nMessage:\n\nMy partner wrote:\nEmail: maya@example.com\n', 'support-request'),
      ('someone@example.com', 'Your Vidvisor sign-in link', 'Sign in', 'magic-link')
  `);

  await migrateDatabase(database);

  const result = await database.db.execute(
    sql`select kind, to_address, text, user_id from outbox_emails order by kind, text`,
  );
  const rows = rowsOf<{ kind: string; text: string; user_id: string | null }>(result);
  expect(rows.map((row) => [row.kind, row.user_id])).toEqual([
    ['affiliate-request', 'u-ola'],
    ['magic-link', null],
    ['support-request', 'u-maya'],
    ['support-request', 'u-ola'],
    ['support-request', null],
    ['welcome', 'u-maya'],
  ]);
});
