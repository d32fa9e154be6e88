// Shared pieces of the benchmark harness: start a server, measure with autocannon, print tables.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { startAppServer } from '../scripts/lib/app-server.mjs';
import { freePort } from '../scripts/lib/postgres.mjs';

export const root = path.resolve(import.meta.dirname, '..');

/** The built app with the bench's settings (request logs on, as in production; rate limits off). */
export const startApp = (env = {}) => startAppServer({ RATE_LIMIT_ENABLED: 'false', ...env });

/** npm start's admission bounds on the event loop, which the test servers lift (scripts/lib/app-server.mjs). */
export const PRODUCTION_EVENT_LOOP_BOUNDS = {
  EVENT_LOOP_DELAY_MAX_MS: '200',
  EVENT_LOOP_UTILIZATION_MAX_PERCENT: '90',
};

export async function startHello(env = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bench/hello-server.mjs')], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return {
    baseURL: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export const BENCH_PASSWORD = 'bench-password-1';

/** Signs up, follows the e-mailed confirmation link, and returns the session cookie. */
export async function signedInCookie(app, email = `bench-${Date.now()}@example.com`) {
  const origin = app.baseURL;
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, name: 'Bench' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  const mail = await app.waitForMail(email, 'verification');
  const link = new URL(mail.links[0]);
  const verify = await fetch(`${origin}${link.pathname}${link.search}`, { redirect: 'manual' });
  const cookie = verify.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie.includes('session_token')) throw new Error('no session cookie after verification');
  return cookie;
}

/**
 * The cookies with the session cached afresh (decision 072), as a browser's are after a read that found
 * its cache gone: a measurement of signed-in reads then starts with the cache's whole age ahead of it.
 * The same cookies when the cache is off.
 */
export async function withFreshSessionCache(app, cookie) {
  const pairs = cookie.split('; ').filter((pair) => !pair.startsWith('better-auth.session_data'));
  const response = await fetch(`${app.baseURL}/api/me`, { headers: { cookie: pairs.join('; ') } });
  if (!response.ok) throw new Error(`GET /api/me failed: ${response.status}`);
  const cached = response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .filter((pair) => pair.startsWith('better-auth.session_data'));
  return [...pairs, ...cached].join('; ');
}

export async function measure(url, { headers = {}, connections = 50, duration = 8 } = {}) {
  const result = await autocannon({ url, headers, connections, duration, pipelining: 1 });
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.average,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

export function table(rows) {
  // Every column any row has, in the order they first appear; a row without one leaves it blank.
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (row, column) => String(row[column] ?? '');
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (cells) => cells.map((text, i) => text.padEnd(widths[i])).join('  ');
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => cell(row, c))));
}

/** Lines of the server's own TypeScript: tests and the test helpers under testing/ left out. */
export function serverSourceLines() {
  const dir = path.join(root, 'src/server');
  return readdirSync(dir, { recursive: true })
    .filter(
      (file) =>
        file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.split(path.sep).includes('testing'),
    )
    .reduce((lines, file) => lines + readFileSync(path.join(dir, file), 'utf8').split('\n').length - 1, 0);
}

/** The machine's load averages (1, 5, 15 min), printed beside figures: the bench shares its cores. */
export const loadAverage = () =>
  execFileSync('uptime', { encoding: 'utf8' }).split('load average:')[1]?.trim() ?? '';
