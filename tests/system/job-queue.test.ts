import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildAll } from '../../scripts/build.mjs';
import { buildIsStale } from '../../scripts/lib/build-state.mjs';
import { startPostgres } from '../../scripts/lib/postgres.mjs';
import { openDatabase } from '../../src/server/db/client';
import { WEEKLY_EMAIL_JOB, WEEKLY_EMAIL_KIND } from '../../src/server/features/suggestions/weekly-email';
import { rowsOf } from '../../src/server/testing/every-column-scan';
import { startSmtpServer } from '../../src/server/testing/smtp-server';
import { insertPick, unusedWeek, zoneWhereWeeklyMailIsDue } from '../../src/server/testing/suggestions';
import { createTestApp, type TestApp } from '../../src/server/testing/test-app';
import { weekOf } from '../../src/shared/suggestions';
import { type AppServer, startAppServer } from '../e2e/server';

/**
 * The job queue with two server processes (the production build) on one PostgreSQL (decision 045).
 * The test's own app instance on the same database makes the users and reads the outcome.
 */
let postgres: Awaited<ReturnType<typeof startPostgres>>;
let t: TestApp;
const servers: AppServer[] = [];
beforeAll(async () => {
  if (buildIsStale()) await buildAll({ quiet: true });
  postgres = await startPostgres({ log: () => {} });
  t = await createTestApp({}, { database: await openDatabase({ url: postgres.url, poolSize: 2 }) });
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await t?.close();
  postgres?.stop();
});

async function startServer(env: Record<string, string>) {
  const server = await startAppServer({
    DATABASE_URL: postgres.url,
    JOB_QUEUE_CHECK_SECONDS: '1',
    LOG_LEVEL: 'info',
    ...env,
  });
  servers.push(server);
  return server;
}

async function subscriber() {
  const user = await t.createOnboardedUser();
  await user.client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
  return user;
}

async function query<T>(statement: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await t.db.execute(statement));
}

/**
 * The queue's state once `done` holds for it: a state to wait for, not a time. vitest re-reads it until
 * then; its timeout is a hang detector only.
 */
function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!done(value)) throw new Error(`still waiting for ${what}`);
      return value;
    },
    { timeout: 300_000, interval: 500 },
  );
}

const weeklyJobs = () =>
  query<{ state: string; retryCount: number; minute: string; at: string | null }>(sql`
    select state::text as state, retry_count as "retryCount", data->>'at' as at,
      to_char(created_on at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as minute
    from pgboss.job where name = ${WEEKLY_EMAIL_JOB} order by created_on`);

const weeklyMailsTo = async (email: string) =>
  (await t.mailsTo(email)).filter((mail) => mail.kind === WEEKLY_EMAIL_KIND);

describe('background jobs from two OS processes on one PostgreSQL', () => {
  it('runs a scheduled job once per period, and each user gets one mail', async () => {
    await insertPick(t.db, { week: weekOf(new Date()) });
    const readers = [await subscriber(), await subscriber()];
    // The scheduled runs send at the real time: to users whose Monday 08:00 has come, in this week.
    for (const reader of readers) {
      await reader.client.json('/api/account/settings', {
        method: 'PATCH',
        json: { timeZone: zoneWhereWeeklyMailIsDue() },
      });
    }
    // Every minute, so a period passes within the test; both processes fire schedules every second.
    const everyMinute = { WEEKLY_EMAIL_SCHEDULE: '* * * * *' };
    await startServer(everyMinute);
    await startServer(everyMinute);

    const jobs = await waitFor(
      weeklyJobs,
      (rows) => rows.some((row) => row.state === 'completed'),
      'a scheduled weekly run to complete',
    );
    const minutes = jobs.map((job) => job.minute);
    expect(new Set(minutes).size, `weekly runs by minute: ${minutes.join(', ')}`).toBe(minutes.length);
    for (const reader of readers) expect(await weeklyMailsTo(reader.email)).toHaveLength(1);
    await Promise.all(servers.splice(0).map((server) => server.stop()));
  });

  it('retries on the other process the job of a process killed while running it', async () => {
    // Only this test's readers: the earlier test's turn their weekly mail off.
    await query(sql`update suggestion_preferences set weekly_email = false`);
    // The earlier test's every-minute schedule stays in the queue's tables, and a process fires due
    // schedules as it starts, before it applies its own: a stale run would hold the weekly job's one
    // place (one run at a time) and the run queued by hand below would be dropped.
    await query(sql`delete from pgboss.schedule where name = ${WEEKLY_EMAIL_JOB}`);
    await query(sql`delete from pgboss.job where name = ${WEEKLY_EMAIL_JOB}`);
    const week = unusedWeek();
    await insertPick(t.db, { week });
    const readers = [await subscriber(), await subscriber()];
    const stuck = await startSmtpServer({ holding: true });
    const working = await startSmtpServer();
    try {
      // No schedule fires during the test: the run is queued by hand, as `npm run mail:weekly` may.
      const never = { WEEKLY_EMAIL_SCHEDULE: '0 0 1 1 *' };
      const first = await startServer({ ...never, SMTP_URL: `smtp://127.0.0.1:${stuck.port}` });
      await t.deps.jobs.send(WEEKLY_EMAIL_JOB, { at: `${week}T08:00:00Z` });
      await stuck.holdingOne;
      const second = await startServer({ ...never, SMTP_URL: `smtp://127.0.0.1:${working.port}` });
      first.child.kill('SIGKILL');

      const [job] = await waitFor(
        weeklyJobs,
        (rows) => rows[0]?.state === 'completed',
        'the weekly run to be retried and complete',
      );
      expect(job).toMatchObject({ state: 'completed', retryCount: 1, at: `${week}T08:00:00Z` });
      // The first process had claimed one reader and was handing that mail over when it died: the claim
      // keeps it from a second copy now, and the mail-retry job's sweep delivers it once its lease has
      // run out (decision 050). The other reader's mail came from the second process, once.
      const delivered = working.received.filter((mail) => mail.text.includes('weekly video suggestions'));
      expect(delivered).toHaveLength(1);
      const [reached] = delivered[0]!.to;
      expect(readers.map((reader) => reader.email)).toContain(reached);
      for (const reader of readers) expect(await weeklyMailsTo(reader.email)).toHaveLength(1);
      const claims = await query<{ count: number }>(
        sql`select count(*)::int as count from weekly_email_sends where week = ${week}`,
      );
      expect(claims[0]!.count).toBe(2);
      expect(second.logs.join('\n')).toContain('weekly suggestions e-mails sent');
    } finally {
      await stuck.close();
      await working.close();
    }
  });
});
