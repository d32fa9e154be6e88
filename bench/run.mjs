#!/usr/bin/env node
// npm run bench: the built server on PGlite and on PostgreSQL, measured with autocannon on loopback,
// next to a bare Hono hello-world measured in the same run. Prints its figures; asserts nothing.
import { buildAll } from '../scripts/build.mjs';
import { buildIsStale } from '../scripts/lib/build-state.mjs';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { runConsultBench } from './consult.mjs';
import { cpuMsOf } from './journey.mjs';
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

/**
 * Log lines written before each request goes on (`LOG_WRITES=sync`, as before decision 070) and off
 * the request path (`async`, the default): both measured in this run, on the same machine, minutes apart.
 */
const LOG_WRITES = [
  ['sync', 'before: log writes sync'],
  ['async', 'after: log writes async'],
];

async function benchDatabase(label, env) {
  for (const [writes, variant] of LOG_WRITES) {
    const app = await startApp({ ...env, LOG_WRITES: writes });
    if (writes === 'async') {
      coldStarts.push({ database: label, 'cold start to healthy (ms)': Math.round(app.coldStartMs) });
    }
    try {
      const cookie = await signedInCookie(app);
      for (const [path, what, headers] of [
        ['/api/health', 'GET /api/health', {}],
        ['/api/me', 'GET /api/me (signed in)', { cookie }],
      ]) {
        const cpuBefore = cpuMsOf(app.child.pid);
        const m = await measure(`${app.baseURL}${path}`, {
          headers,
          connections: CONNECTIONS,
          duration: DURATION,
        });
        // The server's CPU per answered request: steadier than req/s on a machine whose cores are shared.
        const cpuPerRequest = (1000 * (cpuMsOf(app.child.pid) - cpuBefore)) / m.requests;
        rows.push({
          target: `${label}: ${what}, ${variant}`,
          ...format(m),
          'vs bare': ratio(m),
          'app CPU µs/req': cpuPerRequest.toFixed(0),
        });
      }
    } finally {
      await app.stop();
    }
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
const vsBare = (label, what, variant) =>
  rows.find((row) => row.target === `${label}: ${what}, ${variant}`)['vs bare'];
for (const what of ['GET /api/me (signed in)', 'GET /api/health']) {
  for (const [, variant] of LOG_WRITES) {
    console.log(
      `${what} ÷ bare Hono, ${variant}: PostgreSQL ${vsBare('PostgreSQL', what, variant)}, PGlite ${vsBare('PGlite', what, variant)}`,
    );
  }
}
console.log(
  `(targets for /api/me: ≥ 0.03 on PostgreSQL, ≥ 0.015 on PGlite; one run on a shared machine, load average ${loadAverage()})`,
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
