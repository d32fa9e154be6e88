#!/usr/bin/env node
// Where the server's CPU goes: V8 CPU profiles of the built server (through its inspector, so that a
// profile covers the measured window only, not start-up) while it answers a burst of 100 replies
// (PostgreSQL and PGlite), 10 s of signed-in GET /api/me at 50 connections, and 10 s of GET /api/health.
// Each profile's self time is summed by owner: ours (the server bundle), each library, Node itself, the
// database driver; and its top functions. Writes the .cpuprofile files to bench/profiles/ (open them in
// Chrome's DevTools). Loopback only. `node bench/profile.mjs`
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WebSocket } from 'undici';
import { startOpenAiStub } from '../scripts/lib/openai-stub.mjs';
import { freePort, startPostgres } from '../scripts/lib/postgres.mjs';
import { createChats, onboarded, streamReply } from './journey.mjs';
import {
  loadAverage,
  measure,
  root,
  signedInCookie,
  startApp,
  table,
  withFreshSessionCache,
} from './lib.mjs';

const DURATION = Number(process.env.PROFILE_DURATION ?? 10);
const BURSTS = 3;
const OUT = path.join(root, 'bench/profiles');
const ADMIN_EMAIL = 'profile-admin@example.com';
const REPLY = {
  chunks: Array.from({ length: 20 }, (_, i) => `word${i} `),
  firstTokenDelayMs: 200,
  delayMs: 50,
  usage: { prompt_tokens: 900, completion_tokens: 20 },
};
/** The database drivers: PostgreSQL's client, and PGlite (PostgreSQL compiled to WebAssembly). */
const DRIVERS = new Set(['pg', 'pg-pool', 'pg-protocol', 'pg-types', 'pgpass', '@electric-sql/pglite']);

/** Starts the built app with its inspector open; `profile(run)` profiles what `run` makes it do. */
export async function startProfiledApp(env = {}) {
  const inspectPort = await freePort();
  const app = await startApp({ ...env, NODE_OPTIONS: `--inspect=127.0.0.1:${inspectPort}` });
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const inspector = await connectInspector(target.webSocketDebuggerUrl);
  await inspector.send('Profiler.enable');
  // Every 200 µs: 10 s gives about 50,000 samples.
  await inspector.send('Profiler.setSamplingInterval', { interval: 200 });
  return {
    app,
    async profile(run) {
      await inspector.send('Profiler.start');
      await run();
      return (await inspector.send('Profiler.stop')).profile;
    },
    async stop() {
      inspector.close();
      await app.stop();
    },
  };
}

async function connectInspector(url) {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let nextId = 1;
  const pending = new Map();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(new Error(message.error.message));
    else waiting.resolve(message.result);
  };
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

/** Who a profile node's code belongs to. */
export function ownerOf(node) {
  const { url, functionName } = node.callFrame;
  if (!url) {
    if (functionName === '(idle)' || functionName === '(program)' || functionName === '(garbage collector)')
      return functionName;
    return 'node (native)';
  }
  if (url.startsWith('node:')) return 'node';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    const name = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return DRIVERS.has(name) ? `driver: ${name}` : name;
  }
  if (url.includes('/dist/server/')) return 'ours';
  return url;
}

/** Self time by owner (ms, and share of the busy time: idle left out) and the top functions. */
export function summarize(profile, top = 12) {
  const selfMs = new Map(profile.nodes.map((node) => [node.id, 0]));
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfMs.set(id, selfMs.get(id) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const byOwner = new Map();
  const byFunction = new Map();
  let busy = 0;
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id);
    const owner = ownerOf(node);
    if (owner === '(idle)' || ms === 0) continue;
    busy += ms;
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    const { functionName, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${owner === 'ours' ? `main.js:${lineNumber + 1}` : owner}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
  }
  const rows = (map, label, count) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => ({ [label]: name, 'self ms': ms.toFixed(0), share: percent(ms, busy) }));
  return { busyMs: busy, owners: rows(byOwner, 'owner', 14), functions: rows(byFunction, 'function', top) };
}

const percent = (part, whole) => `${((100 * part) / whole).toFixed(1)}%`;

async function profileReplies(env) {
  const stub = await startOpenAiStub({ defaultReply: REPLY });
  const server = await startProfiledApp({
    ...env,
    REPLIES_IN_FLIGHT_MAX: '200',
    REPLIES_PREPARING_MAX: '200',
    OPENAI_API_KEY: 'bench-key',
    OPENAI_BASE_URL: stub.baseURL,
    SUPER_ADMIN_EMAILS: ADMIN_EMAIL,
  });
  try {
    const { app } = server;
    const cookie = await onboarded(app, ADMIN_EMAIL, { freePlan: false });
    const chats = await createChats(app, cookie, 100);
    await Promise.all(chats.slice(0, 5).map((id, i) => streamReply(app, cookie, id, `warm-${i}`)));
    let failed = 0;
    const profile = await server.profile(async () => {
      for (let round = 0; round < BURSTS; round++) {
        const results = await Promise.all(
          chats.map((id, i) => streamReply(app, cookie, id, `burst-${round}-${i}`)),
        );
        failed += results.filter((r) => !r.ok).length;
      }
    });
    return { profile, note: `${BURSTS} bursts of 100 replies, ${failed} failed` };
  } finally {
    await server.stop();
    await stub.close();
  }
}

async function profileReads(env, target) {
  const server = await startProfiledApp(env);
  try {
    const { app } = server;
    const cookie = target === '/api/me' ? await signedInCookie(app) : null;
    // The warm-up and the profiled run together last less than the session cache's age (decision 072).
    const headers = cookie ? { cookie: await withFreshSessionCache(app, cookie) } : {};
    await measure(`${app.baseURL}${target}`, { headers, connections: 50, duration: 2 });
    let result;
    const profile = await server.profile(async () => {
      result = await measure(`${app.baseURL}${target}`, { headers, connections: 50, duration: DURATION });
    });
    return { profile, note: `${Math.round(result.rps)} req/s, ${result.errors} errors` };
  } finally {
    await server.stop();
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const postgres = await startPostgres({ log: () => {} });
  const runs = [];
  try {
    const databases = [
      ['PostgreSQL', { DATABASE_URL: postgres.url, DATABASE_POOL_SIZE: '40' }],
      ['PGlite', {}],
    ];
    const only = process.argv[2];
    for (const [label, env] of databases) {
      const jobs = [
        [`replies-${label}`, () => profileReplies(env)],
        [`me-${label}`, () => profileReads(env, '/api/me')],
        [`health-${label}`, () => profileReads(env, '/api/health')],
      ];
      for (const [name, job] of jobs) {
        if (only && !name.startsWith(only)) continue;
        const { profile, note } = await job();
        writeFileSync(path.join(OUT, `${name}.cpuprofile`), JSON.stringify(profile));
        runs.push({ name, note, ...summarize(profile) });
      }
    }
  } finally {
    postgres.stop();
  }
  console.log(`CPU profiles of the built server (load average ${loadAverage()}); files in bench/profiles/\n`);
  for (const run of runs) {
    console.log(`${run.name}: ${run.note}; ${run.busyMs.toFixed(0)} ms busy (idle left out)`);
    table(run.owners);
    console.log('');
    table(run.functions);
    console.log('');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { buildIsStale } = await import('../scripts/lib/build-state.mjs');
  if (buildIsStale()) await (await import('../scripts/build.mjs')).buildAll({ quiet: true });
  await main();
}
