import { getTableName } from 'drizzle-orm';
import pg from 'pg';
import { weeklyEmailSends } from '../db/schema';

/**
 * A barrier for runs of the weekly mail on PostgreSQL: while it is held, a run reads its recipients and
 * builds their mails, then waits at its first claim. Releasing it once every run waits there makes the
 * runs contest the same users, so only the claim keeps a user to one mail.
 */
export async function holdWeeklyClaims(url: string) {
  const table = getTableName(weeklyEmailSends);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  // Reads (access share) go on; inserts (row exclusive) wait for the commit.
  await client.query(`lock table ${table} in exclusive mode`);
  return {
    /** Resolves once `runs` sessions wait for the lock: each run is at its first claim. */
    async whenWaiting(runs: number) {
      for (;;) {
        const { rows } = await client.query<{ waiting: number }>(
          `select count(*)::int as waiting from pg_locks where relation = $1::regclass and not granted`,
          [table],
        );
        if (rows[0]!.waiting >= runs) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async release() {
      await client.query('commit');
      await client.end();
    },
  };
}
