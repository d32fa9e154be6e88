import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { rowsOf } from './every-column-scan';

/** The jobs of `name` waiting to run, with the time each may start (pg-boss's own table). */
export async function waitingJobs(db: Executor, name: string) {
  return rowsOf<{ state: string; startAfter: Date; data: unknown }>(
    await db.execute(sql`
      select state::text as state, start_after as "startAfter", data
      from pgboss.job where name = ${name} and state in ('created', 'retry') order by created_on`),
  ).map((job) => ({ ...job, startAfter: new Date(job.startAfter) }));
}

/** Moves the jobs of `name` waiting for a retry (or a delay) to now: what the clock would do later. */
export async function makeWaitingJobsDue(db: Executor, name: string) {
  await db.execute(
    sql`update pgboss.job set start_after = now() where name = ${name} and state in ('created', 'retry')`,
  );
}
