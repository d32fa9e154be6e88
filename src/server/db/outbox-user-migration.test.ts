import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../testing/every-column-scan';
import { migrateBefore } from '../testing/migrations';
import { openTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './client';
import { migrateDatabase } from './migrate';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

it('gives the mails sent before the outbox knew its accounts to the account they are to or about', async () => {
  await migrateBefore(database, '_outbox-user');
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
