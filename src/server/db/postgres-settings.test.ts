import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, usingPostgres } from '../testing/test-database';
import { type DatabaseHandle, openDatabase } from './client';
import { prepareDatabase } from './migrate';
import { plans } from './schema';

describe.skipIf(!usingPostgres())('PostgreSQL sessions the app opens', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('never JIT-compile a statement, on every pooled connection', async () => {
    const settings = await Promise.all(
      Array.from({ length: 5 }, () =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(0.05)`);
          const result = await tx.execute(sql`select current_setting('jit') as jit, pg_backend_pid() as pid`);
          return (result as unknown as { rows: { jit: string; pid: number }[] }).rows[0]!;
        }),
      ),
    );
    expect(new Set(settings.map((row) => row.pid)).size).toBe(5);
    expect(settings.map((row) => row.jit)).toEqual(['off', 'off', 'off', 'off', 'off']);
  });

  it('migrate and seed under the schema lock with a pool of one connection', async () => {
    const url = (database as DatabaseHandle & { url?: string }).url!;
    const single = await openDatabase({ url, poolSize: 1 });
    try {
      await prepareDatabase(single, { defaultModel: 'offline' });
      expect((await single.db.select({ id: plans.id }).from(plans)).length).toBeGreaterThan(0);
    } finally {
      await single.close();
    }
  });
});
