#!/usr/bin/env node
// npm run bench: the built server on PGlite and on PostgreSQL, measured with autocannon on loopback,
// next to a bare Hono hello-world measured in the same run. Prints its figures; asserts nothing.
import { buildAll } from '../scripts/build.mjs';
import { buildIsStale } from '../scripts/lib/build-state.mjs';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { runConsultBench } from './consult.mjs';
import { loadAverage, measure, signedInCookie, startApp, startHello, table } from './lib.mjs';
import { runLighthouse } from './lighthouse.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

if (buildIsStale()) await buildAll({ quiet: true });
console.log(
  `Vidvisor bench: autocannon, ${CONNECTIONS} connections, ${DURATION} s per target, Node ${process.version}\n`,
);

const hello = await startHello();
const baseline = await measure(`${hello.baseURL}/`, { connections: CONNECTIONS, duration: DURATION });
await hello.stop();

const rows = [{ target: 'bare Hono hello-world', ...format(baseline), 'vs bare': '1.00' }];
const coldStarts = [];

async function benchDatabase(label, env) {
  const app = await startApp(env);
  coldStarts.push({ database: label, 'cold start to healthy (ms)': Math.round(app.coldStartMs) });
  try {
    const cookie = await signedInCookie(app);
    const health = await measure(`${app.baseURL}/api/health`, {
      connections: CONNECTIONS,
      duration: DURATION,
    });
    rows.push({ target: `${label}: GET /api/health`, ...format(health), 'vs bare': ratio(health) });
    const me = await measure(`${app.baseURL}/api/me`, {
      headers: { cookie },
      connections: CONNECTIONS,
      duration: DURATION,
    });
    rows.push({ target: `${label}: GET /api/me (signed in)`, ...format(me), 'vs bare': ratio(me) });
  } finally {
    await app.stop();
  }
}

await benchDatabase('PGlite', {});
const postgres = await startPostgres({ log: () => {} });
try {
  await benchDatabase('PostgreSQL', { DATABASE_URL: postgres.url });
} finally {
  postgres.stop();
}

table(rows);
const meRatio = (label) => rows.find((row) => row.target === `${label}: GET /api/me (signed in)`)['vs bare'];
console.log(
  `GET /api/me signed in ÷ bare Hono: PostgreSQL ${meRatio('PostgreSQL')}, PGlite ${meRatio('PGlite')} (load average ${loadAverage()})`,
);
console.log('');
table(coldStarts);

console.log('\nLighthouse, landing page (mobile emulation, simulated throttling, Debian Chromium):');
{
  const app = await startApp();
  try {
    const { scores, metrics } = await runLighthouse(`${app.baseURL}/`);
    table([{ ...scores, ...metrics }]);
  } finally {
    await app.stop();
  }
}

function format(m) {
  return {
    'req/s': Math.round(m.rps),
    'p50 ms': m.p50,
    'p99 ms': m.p99,
    errors: m.errors,
  };
}
function ratio(m) {
  return (m.rps / baseline.rps).toFixed(2);
}

await runConsultBench();
// 4,000 replies sent in one second against the production admission bounds (bench/overload.mjs).
await (await import('./overload.mjs')).runOverloadBench();
// 'Ask your library' over 1,000 videos of 600 passages: retrieval and time to first token (bench/library.mjs).
await (await import('./library.mjs')).runLibraryBench();
// Opening a chat of 200 messages with 50 branches vs one without, at one connection (bench/branches.mjs).
await (await import('./branches.mjs')).benchBranches();
// The admin users list with 100,000 users (bench/admin-users.mjs).
await (await import('./admin-users.mjs')).benchAdminUsers();
// Video suggestions with 10,000 catalogue videos and 100,000 consultations (bench/suggestions.mjs).
await (await import('./suggestions.mjs')).benchSuggestions();
// My plan: 500 items of one user among 1,000,000 items of 10,000 users (bench/plan.mjs).
await (await import('./plan.mjs')).benchPlan();
// A reply's first token for a user with 200 memories (100 plan outcomes) against one with none (bench/memory.mjs).
await (await import('./memory.mjs')).benchMemory();
// Followed channels: 'New from your channels' among 2,000,000 feed items, and a poll cycle of 20,000 channels (bench/channels.mjs).
await (await import('./channels.mjs')).benchChannels();
// A reconnect to a live reply, and 200 replies held with their kept parts (bench/resume.mjs).
await (await import('./resume.mjs')).runResumeBench();
// 60 s of mixed visits at 200 virtual users on PostgreSQL, and on PGlite (bench/load.mjs).
await (await import('./load.mjs')).runLoadBench();
