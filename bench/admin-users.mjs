#!/usr/bin/env node
// The admin users list with 100,000 users (and a ticket for every seventh): first page, e-mail prefix
// search, a deep page, a search with no match. PGlite and PostgreSQL; prints figures, asserts nothing.
// Standalone: node bench/admin-users.mjs (BENCH_USERS, BENCH_DURATION, BENCH_CONNECTIONS override).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { buildAll } from '../scripts/build.mjs';
import { buildIsStale } from '../scripts/lib/build-state.mjs';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { measure, signedInCookie, startApp, table } from './lib.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const BOSS = 'bench-boss@example.com';

const SEED = `
insert into "user" (id, name, email, email_verified, created_at, updated_at)
  select 'bench-' || g, 'Bench User ' || g, 'user-' || g || '@bench.example', true,
         now() - make_interval(secs => g), now()
  from generate_series(1, ${USERS}) g;
insert into support_tickets (user_id, subject, message, resolved)
  select 'bench-' || g, 'Help', 'Bench ticket', g % 3 = 0 from generate_series(1, ${USERS}, 7) g;
analyze;`;
/** The app's own statements of a page and of the prefix search, built by its query builder. */
async function appPlans() {
  const { usersPageQuery } = await tsImport(
    '../src/server/features/admin/admin-users.service.ts',
    import.meta.url,
  );
  const db = drizzle.mock();
  return [usersPageQuery(db, '', 2), usersPageQuery(db, 'user-4242', 1)].map((statement) => {
    const { sql, params } = statement.toSQL();
    return [`explain ${sql}`, params];
  });
}
const explain = async (query) =>
  (
    await Promise.all(
      (
        await appPlans()
      ).map(async ([plan, params]) =>
        (await query(plan, params)).rows.map((r) => r['QUERY PLAN']).join('\n'),
      ),
    )
  ).join('\n\n');

const TARGETS = [
  ['first page', ''],
  ['search "user-4242"', '?q=user-4242'],
  [`page ${Math.floor(USERS / 50)}`, `?page=${Math.floor(USERS / 50)}`],
  ['search, no match', '?q=nobody-here'],
];

async function timeOne(url, cookie) {
  const started = performance.now();
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.json();
  if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, total: body.total };
}

async function measureTargets(label, app, cookie, options) {
  const rows = [];
  for (const [name, query] of TARGETS) {
    const url = `${app.baseURL}/api/admin/users${query}`;
    const single = await timeOne(url, cookie);
    const load = await measure(url, { headers: { cookie }, ...options });
    rows.push({
      database: label,
      request: name,
      total: single.total,
      'one request ms': single.ms.toFixed(1),
      'req/s': Math.round(load.rps),
      'p50 ms': load.p50,
      'p99 ms': load.p99,
      errors: load.errors,
    });
  }
  return rows;
}

/** Starts the app on a database, signs up the super admin, seeds the users (via `seed`), measures. */
async function benchOn(label, env, seed, options) {
  let app = await startApp({ ...env, SUPER_ADMIN_EMAILS: BOSS });
  try {
    const cookie = await signedInCookie(app, BOSS);
    const plan = await seed(() => app.stop());
    if (app.child.exitCode !== null) app = await startApp({ ...env, SUPER_ADMIN_EMAILS: BOSS });
    return { rows: await measureTargets(label, app, cookie, options), plan };
  } finally {
    if (app.child.exitCode === null) await app.stop();
  }
}

export async function benchAdminUsers({
  connections = Number(process.env.BENCH_CONNECTIONS ?? 10),
  duration = Number(process.env.BENCH_DURATION ?? 5),
} = {}) {
  if (buildIsStale()) await buildAll({ quiet: true });
  console.log(
    `\nAdmin users list with ${USERS.toLocaleString('en-US')} users: ${connections} connections, ${duration} s each`,
  );
  const options = { connections, duration };
  const results = [];

  // PGlite serves one process: the app stops while the seed writes to its data dir, then restarts.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vidvisor-bench-admin-'));
  try {
    results.push(
      await benchOn(
        'PGlite',
        { DATA_DIR: dataDir },
        async (stopApp) => {
          await stopApp();
          const db = await PGlite.create(path.join(dataDir, 'pglite'));
          try {
            await db.exec(SEED);
            return await explain((plan, params) => db.query(plan, params));
          } finally {
            await db.close();
          }
        },
        options,
      ),
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const postgres = await startPostgres({ log: () => {} });
  try {
    results.push(
      await benchOn(
        'PostgreSQL',
        { DATABASE_URL: postgres.url },
        async () => {
          const client = new pg.Client({ connectionString: postgres.url });
          await client.connect();
          try {
            await client.query(SEED);
            return await explain((plan, params) => client.query(plan, params));
          } finally {
            await client.end();
          }
        },
        options,
      ),
    );
  } finally {
    postgres.stop();
  }

  table(results.flatMap((r) => r.rows));
  for (const [i, label] of ['PGlite', 'PostgreSQL'].entries()) {
    console.log(`\n${label} plans (a page; the prefix search):\n${results[i].plan}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchAdminUsers();
