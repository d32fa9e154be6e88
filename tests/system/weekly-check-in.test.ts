import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../../scripts/lib/postgres.mjs';
import { openDatabase } from '../../src/server/db/client';
import { outboxEmails, weeklyEmailSends } from '../../src/server/db/schema';
import { CHECK_IN_EMAIL_KIND } from '../../src/server/features/plan/check-in';
import { insertPlanItem } from '../../src/server/testing/plan';
import { unusedWeek } from '../../src/server/testing/suggestions';
import { createTestApp, type TestApp } from '../../src/server/testing/test-app';
import { addDays } from '../../src/shared/plan';

let postgres: Awaited<ReturnType<typeof startPostgres>>;
let t: TestApp;
beforeAll(async () => {
  postgres = await startPostgres({ log: () => {} });
  t = await createTestApp({}, { database: await openDatabase({ url: postgres.url, poolSize: 2 }) });
});
afterAll(async () => {
  await t?.close();
  postgres?.stop();
});

const cli = fileURLToPath(new URL('../../scripts/server-cli.mjs', import.meta.url));

/** `npm run mail:weekly -- --at <time>` as its own OS process on the shared PostgreSQL. */
function sendWeeklyMailProcess(at: Date): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'send-weekly-mail', '--at', at.toISOString()], {
      env: {
        ...process.env,
        DATABASE_URL: postgres.url,
        BASE_URL: 'http://localhost:3000',
        LOG_LEVEL: 'warn',
      },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the weekly check-in from two OS processes on one PostgreSQL', () => {
  it('goes to each user once', async () => {
    const week = unusedWeek();
    const readers = await Promise.all([t.createOnboardedUser(), t.createOnboardedUser()]);
    for (const reader of readers) {
      await reader.client.json('/api/plan/check-in', { method: 'PUT', json: { enabled: true } });
      await insertPlanItem(t.db, reader.id, { title: 'Call ten regulars', dueDate: addDays(week, 2) });
    }

    const runs = await Promise.all([0, 1].map(() => sendWeeklyMailProcess(new Date(`${week}T08:00:00Z`))));
    for (const run of runs) expect(run.code, run.output).toBe(0);
    const sentByRun = runs.map((run) => Number(/weekly mails sent: (\d+)/.exec(run.output)?.[1]));
    expect(sentByRun.reduce((sum, sent) => sum + sent, 0)).toBe(2);

    for (const reader of readers) {
      const mails = await t.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.toAddress, reader.email), eq(outboxEmails.kind, CHECK_IN_EMAIL_KIND)));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Call ten regulars');
      const claims = await t.db.select().from(weeklyEmailSends).where(eq(weeklyEmailSends.userId, reader.id));
      expect(claims.map((claim) => claim.week)).toEqual([week]);
    }
  });
});
