#!/usr/bin/env node
// The load run: virtual users each repeating a visit for 60 s — dashboard, open a chat, send a message
// (stub model, streamed to its end), usage, rename, and a sign-in once every SIGN_IN_EVERY visits —
// against PostgreSQL at 200 users and against PGlite at the concurrency it holds, each user pausing
// between steps as a person does; and on PostgreSQL once more with no pauses at all, the process's
// throughput ceiling. Prints requests, errors, p50/p99 per step and the server's peak RSS. Then the
// sign-in burst: 200 users signing in at once while 50 signed-in users keep visiting, with the bound
// on password hashes off and on. Loopback only.
import { startOpenAiStub } from '../scripts/lib/openai-stub.mjs';
import { startPostgres } from '../scripts/lib/postgres.mjs';
import { createChats, onboarded, percentile, sleep, streamReply, watchPeakRss } from './journey.mjs';
import {
  BENCH_PASSWORD,
  loadAverage,
  PRODUCTION_EVENT_LOOP_BOUNDS,
  signedInCookie,
  startApp,
  table,
} from './lib.mjs';

const DURATION_S = Number(process.env.LOAD_DURATION ?? 60);
const PG_USERS = Number(process.env.LOAD_USERS_PG ?? 200);
const PGLITE_USERS = Number(process.env.LOAD_USERS_PGLITE ?? 50);
const STEPS = ['sign in', 'dashboard', 'open chat', 'send message', 'usage', 'rename'];
/**
 * A visit signs in again once in this many. A session lasts 30 days (auth.ts) and is renewed daily as
 * it is used, so a user who comes back most days signs in only on a new device or after signing out:
 * about once a month, 1 in 20-30 visits. We take the pessimistic end. (The visits are staggered, so the
 * run's sign-ins spread over it; the sign-in burst below is the worst case of them all at once.)
 */
const SIGN_IN_EVERY = 20;
/**
 * A person's pause before each step, drawn evenly from this range: the time to read a page and click.
 * Pessimistic: typing a question or reading a streamed answer takes far longer than 3 s. The range
 * keeps 200 users from stepping in lockstep.
 */
const PAUSE_MS = {
  min: Number(process.env.LOAD_PAUSE_MIN_MS ?? 1000),
  max: Number(process.env.LOAD_PAUSE_MAX_MS ?? 3000),
};
const NO_PAUSE = { min: 0, max: 0 };
const BURST_SIGN_INS = Number(process.env.LOAD_BURST ?? 200);
const BURST_SIGNED_IN_USERS = 50;

export async function runLoadBench() {
  console.log(
    `\nLoad: a mixed visit repeated for ${DURATION_S} s per virtual user (load average ${loadAverage()})\n`,
  );
  const rows = [];
  const postgres = await startPostgres({ log: () => {} });
  try {
    rows.push(...(await loadRun('PostgreSQL', PG_USERS, { DATABASE_URL: postgres.url }, PAUSE_MS)));
    rows.push(...(await loadRun('PostgreSQL', PG_USERS, { DATABASE_URL: postgres.url }, NO_PAUSE)));
  } finally {
    postgres.stop();
  }
  rows.push(...(await loadRun('PGlite', PGLITE_USERS, {}, PAUSE_MS)));
  table(rows);
  await runSignInBurst();
}

async function loadRun(label, users, env, pause) {
  const run = `${label}, ${users} users, ${pause.max ? `pauses ${pause.min / 1000}-${pause.max / 1000} s` : 'no pauses'}`;
  const stub = await startOpenAiStub({
    defaultReply: {
      chunks: ['Grow ', 'referrals ', 'first, ', 'then ', 'price ', 'a ', 'premium ', 'tier.'],
      delayMs: 20,
      usage: { prompt_tokens: 60, completion_tokens: 8 },
    },
  });
  const app = await startApp({
    ...env,
    ...PRODUCTION_EVENT_LOOP_BOUNDS,
    OPENAI_API_KEY: 'bench-key',
    OPENAI_BASE_URL: stub.baseURL,
  });
  try {
    const visitors = await prepareVisitors(app, users, label);
    const memory = watchPeakRss(app.child.pid);
    const timings = Object.fromEntries(
      STEPS.map((step) => [step, { ms: [], busy: 0, errors: 0, lastError: '' }]),
    );
    const deadline = performance.now() + DURATION_S * 1000;
    let visits = 0;
    await Promise.all(
      visitors.map(async (visitor, i) => {
        for (let own = i; performance.now() < deadline; own++) {
          await visit(app, visitor, timings, { signIn: own % SIGN_IN_EVERY === 0, pause });
          visits += 1;
        }
      }),
    );
    const total = (key) => STEPS.reduce((sum, step) => sum + timings[step][key], 0);
    const errors = total('errors');
    const busy = total('busy');
    const requests = STEPS.reduce((sum, step) => sum + timings[step].ms.length, 0) + errors + busy;
    for (const step of STEPS)
      if (timings[step].errors) console.log(`${run} ${step}: ${timings[step].lastError}`);
    return [
      ...STEPS.map((step) => ({
        run,
        step,
        done: timings[step].ms.length,
        busy: timings[step].busy,
        errors: timings[step].errors,
        'p50 ms': percentile(timings[step].ms, 50).toFixed(0),
        'p99 ms': percentile(timings[step].ms, 99).toFixed(0),
      })),
      {
        run,
        step: `all: ${visits} visits (1 sign-in in ${SIGN_IN_EVERY}), ${requests} steps (${(requests / DURATION_S).toFixed(0)}/s)`,
        done: requests - errors - busy,
        busy,
        errors,
        'p50 ms': '',
        'p99 ms': `peak RSS ${Math.round(memory.peak() / 1024)} MB; load average ${loadAverage()}`,
      },
    ];
  } finally {
    await app.stop();
    await stub.close();
  }
}

/** Onboarded free-plan accounts, each signed in, with a chat whose first answer has been given. */
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
      return { email, chatId, cookie };
    });
    visitors.push(...(await Promise.all(batch)));
  }
  return visitors;
}

/** A reply refused with 503 busy (decision 042): counted apart from errors. */
class RefusedBusy extends Error {}

/**
 * One visit, signed in already unless `signIn`; a failed step ends it (what a person would see), and
 * is counted.
 */
async function visit(app, visitor, timings, { signIn, pause = NO_PAUSE, steps: only = STEPS }) {
  let cookie = visitor.cookie;
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
      visitor.cookie = cookie;
    },
    dashboard: () =>
      Promise.all(
        ['/api/me', '/api/chats', '/api/usage'].map((path) => call(app, path, { headers: { cookie } })),
      ),
    'open chat': () => call(app, `/api/chats/${visitor.chatId}`, { headers: { cookie } }),
    'send message': async () => {
      const result = await streamReply(app, cookie, visitor.chatId, 'What should I do first?');
      if (result.ok) return;
      throw result.error.startsWith('503') && result.error.includes('"code":"busy"')
        ? new RefusedBusy()
        : new Error(result.error);
    },
    usage: () => call(app, '/api/usage', { headers: { cookie } }),
    rename: () =>
      call(app, `/api/chats/${visitor.chatId}`, {
        method: 'PATCH',
        ...request(json(JSON.stringify({ title: `Visit ${Date.now()}` }))),
      }),
  };
  for (const step of only) {
    if (step === 'sign in' && !signIn) continue;
    if (pause.max) await sleep(pause.min + Math.random() * (pause.max - pause.min));
    const started = performance.now();
    try {
      await steps[step]();
      timings[step].ms.push(performance.now() - started);
    } catch (error) {
      // A full process refused the reply: the chat keeps the question and asks again later, while the
      // person goes on with the visit.
      if (error instanceof RefusedBusy) {
        timings[step].busy += 1;
        continue;
      }
      timings[step].errors += 1;
      timings[step].lastError = String(error);
      return;
    }
  }
}

/**
 * 200 users sign in at the same instant (clients honour 503 busy's Retry-After) while 50 signed-in
 * users keep reading (dashboard, a chat, usage), with the bound on password hashes off and then on.
 */
export async function runSignInBurst() {
  const postgres = await startPostgres({ log: () => {} });
  const rows = [];
  try {
    for (const [bound, env] of [
      ['off', { PASSWORD_HASHES_IN_FLIGHT_MAX: '256', PASSWORD_HASHES_WAITING_MAX: '100000' }],
      ['on (default)', {}],
    ]) {
      rows.push({ 'hash bound': bound, ...(await signInBurst({ DATABASE_URL: postgres.url, ...env })) });
    }
  } finally {
    postgres.stop();
  }
  console.log(
    `\nSign-in burst on PostgreSQL: ${BURST_SIGN_INS} users sign in at once while ${BURST_SIGNED_IN_USERS} signed-in users keep reading`,
  );
  table(rows);
}

async function signInBurst(env) {
  const app = await startApp(env);
  try {
    const readers = await prepareVisitors(app, BURST_SIGNED_IN_USERS, `burst-${Date.now()}`);
    const signers = [];
    for (let start = 0; start < BURST_SIGN_INS; start += 20) {
      const batch = Array.from({ length: Math.min(20, BURST_SIGN_INS - start) }, async (_, i) => {
        const email = `burst-${start + i}-${Date.now()}@example.com`;
        await signedInCookie(app, email);
        return email;
      });
      signers.push(...(await Promise.all(batch)));
    }
    const reads = [];
    let readErrors = 0;
    let burst = { started: Number.POSITIVE_INFINITY, ended: false };
    const reading = Promise.all(
      readers.map(async (reader) => {
        const paths = ['/api/me', '/api/chats', `/api/chats/${reader.chatId}`, '/api/usage'];
        for (let i = 0; !burst.ended; i++) {
          const started = performance.now();
          const failed = await call(app, paths[i % paths.length], {
            headers: { cookie: reader.cookie },
          }).then(
            () => false,
            () => true,
          );
          if (started < burst.started || burst.ended) continue;
          if (failed) readErrors += 1;
          else reads.push(performance.now() - started);
        }
      }),
    );
    await sleep(2_000);
    burst = { started: performance.now(), ended: false };
    const signIns = await Promise.all(signers.map((email) => signInHonouringBusy(app, email)));
    const seconds = (performance.now() - burst.started) / 1000;
    burst.ended = true;
    await reading;
    const ms = signIns.filter((r) => r.ok).map((r) => r.ms);
    return {
      'sign-ins': signIns.length,
      'sign-in p50 ms': percentile(ms, 50).toFixed(0),
      'sign-in p99 ms': percentile(ms, 99).toFixed(0),
      busy: signIns.reduce((sum, r) => sum + r.busy, 0),
      errors: signIns.filter((r) => !r.ok).length,
      'all signed in (s)': seconds.toFixed(1),
      'others: requests': reads.length,
      'others p50 ms': percentile(reads, 50).toFixed(0),
      'others p99 ms': percentile(reads, 99).toFixed(0),
      'others errors': readErrors,
      uptime: loadAverage(),
    };
  } finally {
    await app.stop();
  }
}

/** Signs in, asking again after Retry-After while the server is busy; the time from the first try. */
async function signInHonouringBusy(app, email) {
  const started = performance.now();
  let busy = 0;
  for (;;) {
    const response = await fetch(`${app.baseURL}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: app.baseURL },
      body: JSON.stringify({ email, password: BENCH_PASSWORD }),
      signal: AbortSignal.timeout(120_000),
    }).catch(() => undefined);
    const text = (await response?.text()) ?? '';
    if (response?.ok) return { ok: true, ms: performance.now() - started, busy };
    if (response?.status !== 503 || !text.includes('"code":"busy"')) return { ok: false, busy };
    busy += 1;
    await sleep(1000 * (Number(response.headers.get('retry-after')) || 2));
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
