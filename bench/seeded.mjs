// A built app on a fresh PostgreSQL with one onboarded user and seeded rows, and the figures the data
// benches print for a GET: p50/p99 at one connection and req/s at 50 (bench/suggestions.mjs, plan.mjs).
import pg from 'pg';
import { buildAll } from '../scripts/build.mjs';
import { buildIsStale } from '../scripts/lib/build-state.mjs';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { onboarded, percentile } from './journey.mjs';
import { measure, startApp } from './lib.mjs';

/**
 * Starts PostgreSQL and the app, signs `email` up, runs the SQL `seed(userId)` returns and the
 * `explain(userId)` statements (their plans are answered), then `use(app, cookie, plans, databaseUrl)`;
 * stops both. `env` adds to the app's settings.
 */
export async function withSeededApp({ email, seed, explain, env = {} }, use) {
  if (buildIsStale()) await buildAll({ quiet: true });
  const postgres = await startPostgres({ log: () => {} });
  const app = await startApp({ DATABASE_URL: postgres.url, ...env });
  try {
    const cookie = await onboarded(app, email, { freePlan: true });
    const me = await (await fetch(`${app.baseURL}/api/me`, { headers: { cookie } })).json();
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const plans = [];
    try {
      const started = performance.now();
      await client.query(seed(me.id));
      console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      for (const [statement, params] of explain(me.id)) {
        plans.push((await client.query(statement, params)).rows.map((row) => row['QUERY PLAN']).join('\n'));
      }
    } finally {
      await client.end();
    }
    return await use(app, cookie, plans, postgres.url);
  } finally {
    await app.stop();
    postgres.stop();
  }
}

/** `GET path`: its first answer, p50/p99 of `sequential` requests one after another, and a 50-connection run. */
export async function latencyOf(app, cookie, path, { sequential, duration }) {
  const url = `${app.baseURL}${path}`;
  const first = await (await fetch(url, { headers: { cookie } })).json();
  const single = await timeSequential(url, cookie, sequential);
  const load = await measure(url, { headers: { cookie }, connections: 50, duration });
  return {
    first,
    figures: {
      '1 conn p50 ms': percentile(single, 50).toFixed(1),
      '1 conn p99 ms': percentile(single, 99).toFixed(1),
      '50 conn req/s': Math.round(load.rps),
      '50 conn p50 ms': load.p50,
      '50 conn p99 ms': load.p99,
      errors: load.errors,
    },
  };
}

/** Milliseconds of `count` GETs one after another (after 30 to warm up), each checked to be OK. */
async function timeSequential(url, cookie, count) {
  const times = [];
  for (let i = 0; i < count + 30; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    const body = await response.json();
    if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
    if (i >= 30) times.push(performance.now() - started);
  }
  return times;
}
