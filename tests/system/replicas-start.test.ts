import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildAll } from '../../scripts/build.mjs';
import { buildIsStale } from '../../scripts/lib/build-state.mjs';
import { startPostgres } from '../../scripts/lib/postgres.mjs';
import { MAIL_RETRY_JOB } from '../../src/server/adapters/mail';
import { PRUNE_RATE_LIMIT_COUNTERS_JOB } from '../../src/server/background-jobs';
import { POLL_CHANNELS_JOB } from '../../src/server/features/channels/channels.service';
import {
  INDEX_MIGRATED_VIDEOS_JOB,
  REINDEX_VIDEO_LANGUAGES_JOB,
} from '../../src/server/features/chat/sources.service';
import {
  BUILD_DATA_EXPORT_JOB,
  EXPIRE_DATA_EXPORTS_JOB,
} from '../../src/server/features/data-export/data-export.service';
import { REMEMBER_JOB } from '../../src/server/features/memory/extraction';
import { WEEKLY_EMAIL_JOB } from '../../src/server/features/suggestions/weekly-email';
import { PLAN_CATALOGUE } from '../../src/shared/plans';
import { type AppServer, startAppServer } from '../e2e/server';
import { onboardedAccount } from './support/accounts';
import { browserAt } from './support/cluster';

const REPLICAS = 3;
/** A hang detector, not a speed check: how long the replicas' job queues may take to start. */
const QUEUE_START_TIMEOUT_MS = 120_000;
const journal = JSON.parse(
  readFileSync(new URL('../../src/server/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: { when: number; tag: string }[] };

let postgres: Awaited<ReturnType<typeof startPostgres>>;
let db: pg.Client;
let replicas: PromiseSettledResult<AppServer>[] = [];

beforeAll(async () => {
  if (buildIsStale()) await buildAll({ quiet: true });
  postgres = await startPostgres({ log: () => {} });
  db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  // All at the same moment, on a database with no schema: each resolves once its /api/health answers.
  replicas = await Promise.allSettled(
    Array.from({ length: REPLICAS }, () => startAppServer({ DATABASE_URL: postgres.url })),
  );
});
afterAll(async () => {
  await Promise.all(replicas.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)));
  await db?.end();
  postgres?.stop();
});

const started = () =>
  replicas.map((r) => {
    if (r.status === 'rejected') throw r.reason;
    return r.value;
  });

describe(`${REPLICAS} replicas started at once on an empty PostgreSQL`, () => {
  it('all become healthy', () => {
    expect(started()).toHaveLength(REPLICAS);
  });

  it('applied each migration exactly once', async () => {
    started();
    const { rows } = await db.query<{ created_at: string; n: number }>(
      'select created_at::text, count(*)::int as n from drizzle.__drizzle_migrations group by created_at',
    );
    expect(rows.map((r) => Number(r.created_at)).sort()).toEqual(journal.entries.map((e) => e.when).sort());
    expect(rows.every((r) => r.n === 1)).toBe(true);
  });

  it('seeded the plans and the assistant settings once', async () => {
    started();
    const plans = await db.query<{ id: string }>('select id from plans order by id');
    expect(plans.rows.map((r) => r.id)).toEqual(PLAN_CATALOGUE.map((p) => p.id).sort());
    const settings = await db.query('select id from assistant_settings');
    expect(settings.rowCount).toBe(1);
  });

  it("installed the job queue's schema once, with every background job's queue", async () => {
    started();
    // Each replica starts its queue once it serves, so the queues may come a moment after health.
    // pg-boss's own queues are named __pgboss__…
    const queueNames = async () =>
      (
        await db.query<{ name: string }>(
          "select name from pgboss.queue where not starts_with(name, '__pgboss__') order by name",
        )
      ).rows.map((r) => r.name);
    await vi.waitFor(
      async () =>
        expect(await queueNames()).toEqual(
          [
            BUILD_DATA_EXPORT_JOB,
            EXPIRE_DATA_EXPORTS_JOB,
            INDEX_MIGRATED_VIDEOS_JOB,
            MAIL_RETRY_JOB,
            POLL_CHANNELS_JOB,
            PRUNE_RATE_LIMIT_COUNTERS_JOB,
            REINDEX_VIDEO_LANGUAGES_JOB,
            REMEMBER_JOB,
            WEEKLY_EMAIL_JOB,
          ].sort(),
        ),
      { timeout: QUEUE_START_TIMEOUT_MS, interval: 200 },
    );
    const version = await db.query('select version from pgboss.version');
    expect(version.rowCount).toBe(1);
  });

  it('serves the whole schema from every replica: sign-up, confirmation, profile and plan', async () => {
    for (const server of started()) {
      const browser = browserAt(server.baseURL);
      const { email } = await onboardedAccount(browser, (to, kind) => server.waitForMail(to, kind));
      const me = await (await browser('/api/me')).json();
      expect(me.email).toBe(email);
    }
  });
});
