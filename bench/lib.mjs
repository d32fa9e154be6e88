// Shared pieces of the benchmark harness: start a server, measure with autocannon, print tables.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../scripts/lib/postgres.mjs';

export const root = path.resolve(import.meta.dirname, '..');

/** Starts the built app; resolves once /api/health answers, with the cold-start time. */
export async function startApp(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vidvisor-bench-'));
  const baseURL = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_ENABLED: 'false',
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const mails = [];
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.includes('"mail"')) continue;
      try {
        mails.push(JSON.parse(line).mail);
      } catch {}
    }
  });
  while (true) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const coldStartMs = performance.now() - started;
  return {
    baseURL,
    child,
    coldStartMs,
    mails,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startHello() {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'bench/hello-server.mjs')], {
    env: { ...process.env, PORT: String(port) },
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

/** Signs up, follows the e-mailed confirmation link, and returns the session cookie. */
export async function signedInCookie(app, email = `bench-${Date.now()}@example.com`) {
  const origin = app.baseURL;
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: 'bench-password-1', name: 'Bench' }),
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status}`);
  let mail;
  for (let i = 0; i < 100 && !mail; i++) {
    mail = app.mails.find((m) => m.to === email && m.kind === 'verification');
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!mail) throw new Error('no verification mail');
  const link = new URL(mail.links[0]);
  const verify = await fetch(`${origin}${link.pathname}${link.search}`, { redirect: 'manual' });
  const cookie = verify.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie.includes('session_token')) throw new Error('no session cookie after verification');
  return cookie;
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
  const columns = Object.keys(rows[0]);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c]).length)));
  const line = (cells) => cells.map((cell, i) => String(cell).padEnd(widths[i])).join('  ');
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => row[c])));
}
