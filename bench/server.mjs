// The built server on PGlite and on PostgreSQL, measured with autocannon on loopback, next to a bare
// Hono hello-world measured in the same run; then Lighthouse on the landing page. Prints; asserts nothing.
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { cpuMsOf } from './journey.mjs';
import {
  loadAverage,
  measure,
  signedInCookie,
  startApp,
  startHello,
  table,
  withFreshSessionCache,
} from './lib.mjs';
import { runLighthouse } from './lighthouse.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

/**
 * The server as it was before each change to the request path, and as it is, measured in this run on the
 * same machine minutes apart: log lines written before each request goes on (`LOG_WRITES=sync`, before
 * decision 070); every session read from the database (`SESSION_CACHE_SECONDS=0`, before decision 072);
 * the cache cookie verified by Better Auth on every read (`SESSION_MEMO_ENTRIES=0`, before decision 074);
 * and now (log writes async, plain reads' sessions from Better Auth's cookie cache, verified once per
 * cookie and process).
 */
const VARIANTS = [
  ['before 070: log writes sync', { LOG_WRITES: 'sync', SESSION_CACHE_SECONDS: '0' }],
  ['before 072: session from the database', { SESSION_CACHE_SECONDS: '0' }],
  ['before 074: cache cookie verified on every read', { SESSION_MEMO_ENTRIES: '0' }],
  ['now', {}],
];

export async function benchServer() {
  console.log(
    `Vidvisor bench: autocannon, ${CONNECTIONS} connections, ${DURATION} s per target, Node ${process.version}\n`,
  );
  const hello = await startHello();
  const baseline = await measure(`${hello.baseURL}/`, { connections: CONNECTIONS, duration: DURATION });
  await hello.stop();

  const rows = [{ target: 'bare Hono hello-world', ...format(baseline), 'vs bare': '1.00' }];
  const coldStarts = [];
  // Three places: the signed-in reads' ratios are around a hundredth, and their targets 0.03 and 0.015.
  const ratio = (m) => (m.rps / baseline.rps).toFixed(3);

  async function benchDatabase(label, env) {
    for (const [variant, variantEnv] of VARIANTS) {
      const app = await startApp({ ...env, ...variantEnv });
      if (variant === 'now') {
        coldStarts.push({ database: label, 'cold start to healthy (ms)': Math.round(app.coldStartMs) });
      }
      try {
        const cookie = await signedInCookie(app);
        for (const [path, what, headers] of [
          ['/api/health', 'GET /api/health', () => ({})],
          // The run lasts less than the cache's age (SESSION_CACHE_SECONDS, 30 s by default).
          [
            '/api/me',
            'GET /api/me (signed in)',
            async () => ({ cookie: await withFreshSessionCache(app, cookie) }),
          ],
        ]) {
          const requestHeaders = await headers();
          const cpuBefore = cpuMsOf(app.child.pid);
          const m = await measure(`${app.baseURL}${path}`, {
            headers: requestHeaders,
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
    for (const [variant] of VARIANTS) {
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
}

export async function benchLighthouse() {
  console.log('\nLighthouse, landing page (mobile emulation, simulated throttling, Debian Chromium):');
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
