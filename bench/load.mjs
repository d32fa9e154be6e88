#!/usr/bin/env node
// The load run: virtual users each repeating a whole visit for 60 s — sign in, dashboard, open a chat,
// send a message (stub model, streamed to its end), usage, rename — against PostgreSQL at 200 users
// and against PGlite at the concurrency it holds. Prints requests, errors, p50/p99 per step and the
// server's peak RSS. Loopback only.
import { startOpenAiStub } from '../scripts/lib/openai-stub.mjs';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { createChats, onboarded, percentile, streamReply, watchPeakRss } from './journey.mjs';
import { BENCH_PASSWORD, startApp, table } from './lib.mjs';

const DURATION_S = Number(process.env.LOAD_DURATION ?? 60);
const PG_USERS = Number(process.env.LOAD_USERS_PG ?? 200);
const PGLITE_USERS = Number(process.env.LOAD_USERS_PGLITE ?? 50);
const STEPS = ['sign in', 'dashboard', 'open chat', 'send message', 'usage', 'rename'];

export async function runLoadBench() {
  console.log(`\nLoad: a mixed visit repeated for ${DURATION_S} s per virtual user\n`);
  const rows = [];
  const postgres = await startPostgres({ log: () => {} });
  try {
    rows.push(...(await loadRun('PostgreSQL', PG_USERS, { DATABASE_URL: postgres.url })));
  } finally {
    postgres.stop();
  }
  rows.push(...(await loadRun('PGlite', PGLITE_USERS, {})));
  table(rows);
}

async function loadRun(label, users, env) {
  const stub = await startOpenAiStub({
    defaultReply: {
      chunks: ['Grow ', 'referrals ', 'first, ', 'then ', 'price ', 'a ', 'premium ', 'tier.'],
      delayMs: 20,
      usage: { prompt_tokens: 60, completion_tokens: 8 },
    },
  });
  const app = await startApp({ ...env, OPENAI_API_KEY: 'bench-key', OPENAI_BASE_URL: stub.baseURL });
  try {
    const visitors = await prepareVisitors(app, users, label);
    const memory = watchPeakRss(app.child.pid);
    const timings = Object.fromEntries(STEPS.map((step) => [step, { ms: [], errors: 0, lastError: '' }]));
    const deadline = performance.now() + DURATION_S * 1000;
    let visits = 0;
    await Promise.all(
      visitors.map(async (visitor) => {
        while (performance.now() < deadline) {
          await visit(app, visitor, timings);
          visits += 1;
        }
      }),
    );
    const requests = STEPS.reduce((sum, step) => sum + timings[step].ms.length + timings[step].errors, 0);
    const errors = STEPS.reduce((sum, step) => sum + timings[step].errors, 0);
    for (const step of STEPS)
      if (timings[step].errors) console.log(`${label} ${step}: ${timings[step].lastError}`);
    return [
      ...STEPS.map((step) => ({
        run: `${label}, ${users} users`,
        step,
        done: timings[step].ms.length,
        errors: timings[step].errors,
        'p50 ms': percentile(timings[step].ms, 50).toFixed(0),
        'p99 ms': percentile(timings[step].ms, 99).toFixed(0),
      })),
      {
        run: `${label}, ${users} users`,
        step: `all: ${visits} visits, ${requests} steps (${(requests / DURATION_S).toFixed(0)}/s)`,
        done: requests - errors,
        errors,
        'p50 ms': '',
        'p99 ms': `peak RSS ${Math.round(memory.peak() / 1024)} MB`,
      },
    ];
  } finally {
    await app.stop();
    await stub.close();
  }
}

/** Onboarded free-plan accounts, each with a chat whose first answer has been given. */
async function prepareVisitors(app, count, label) {
  const visitors = [];
  for (let start = 0; start < count; start += 20) {
    const batch = Array.from({ length: Math.min(20, count - start) }, async (_, i) => {
      const email = `load-${label.toLowerCase()}-${start + i}-${Date.now()}@example.com`;
      const cookie = await onboarded(app, email, { freePlan: true });
      const [chatId] = await createChats(app, cookie, 1);
      const first = await fetch(`${app.baseURL}/api/chats/${chatId}/first-reply`, {
        method: 'POST',
        headers: { cookie, origin: app.baseURL },
      });
      await first.text();
      return { email, chatId };
    });
    visitors.push(...(await Promise.all(batch)));
  }
  return visitors;
}

/** One visit; a failed step ends it (what a person would see), and is counted. */
async function visit(app, visitor, timings) {
  let cookie = '';
  const json = (body) => ({ 'content-type': 'application/json', origin: app.baseURL, cookie, body });
  const steps = {
    'sign in': async () => {
      const response = await call(app, '/api/auth/sign-in/email', {
        method: 'POST',
        ...request(json(JSON.stringify({ email: visitor.email, password: BENCH_PASSWORD }))),
      });
      cookie = response.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');
    },
    dashboard: () =>
      Promise.all(
        ['/api/me', '/api/chats', '/api/usage'].map((path) => call(app, path, { headers: { cookie } })),
      ),
    'open chat': () => call(app, `/api/chats/${visitor.chatId}`, { headers: { cookie } }),
    'send message': async () => {
      const result = await streamReply(app, cookie, visitor.chatId, 'What should I do first?');
      if (!result.ok) throw new Error(result.error);
    },
    usage: () => call(app, '/api/usage', { headers: { cookie } }),
    rename: () =>
      call(app, `/api/chats/${visitor.chatId}`, {
        method: 'PATCH',
        ...request(json(JSON.stringify({ title: `Visit ${Date.now()}` }))),
      }),
  };
  for (const step of STEPS) {
    const started = performance.now();
    try {
      await steps[step]();
      timings[step].ms.push(performance.now() - started);
    } catch (error) {
      timings[step].errors += 1;
      timings[step].lastError = String(error);
      return;
    }
  }
}

function request({ body, ...headers }) {
  return { headers, body };
}

async function call(app, path, init) {
  const response = await fetch(`${app.baseURL}${path}`, { ...init, signal: AbortSignal.timeout(60_000) });
  const body = await response.text();
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${body.slice(0, 120)}`);
  return response;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildIsStale } = await import('../scripts/lib/build-state.mjs');
  if (buildIsStale()) await (await import('../scripts/build.mjs')).buildAll({ quiet: true });
  await runLoadBench();
}
