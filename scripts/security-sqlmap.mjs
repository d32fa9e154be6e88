#!/usr/bin/env node
// npm run security:sqlmap: sqlmap (Debian's package, installed when missing) against every API route
// that takes a parameter — path, query or JSON body — signed in, on the production build over a
// throwaway PostgreSQL. Prints one line per target and a summary; exits 1 when any parameter is
// injectable. Not part of npm test: it takes several minutes.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { onboarded, PROFILE } from '../bench/journey.mjs';
import { buildAll } from './build.mjs';
import { startAppServer } from './lib/app-server.mjs';
import { aptInstall } from './lib/apt.mjs';
import { buildIsStale } from './lib/build-state.mjs';
import { startPostgres } from './lib/postgres.mjs';

const PARALLEL = Number(process.env.SQLMAP_PARALLEL ?? 2);
const OUTPUT_DIR = path.resolve(import.meta.dirname, '../.tmp/sqlmap');

if (!existsSync('/usr/bin/sqlmap'))
  aptInstall('sqlmap', { hint: 'sqlmap is missing: install the sqlmap package.' });
if (buildIsStale()) await buildAll({ quiet: true });
rmSync(OUTPUT_DIR, { recursive: true, force: true });
mkdirSync(OUTPUT_DIR, { recursive: true });

const postgres = await startPostgres({ log: () => {} });
const app = await startAppServer({ DATABASE_URL: postgres.url, RATE_LIMIT_ENABLED: 'false' });
try {
  const world = await buildWorld(app);
  const targets = targetsFor(world).filter((t) => t.label.includes(process.env.SQLMAP_ONLY ?? ''));
  const version = execFileSync('sqlmap', ['--version'], { encoding: 'utf8' }).trim().split('\n')[0];
  console.log(`sqlmap ${version}: ${targets.length} targets, PostgreSQL payloads, level 2, risk 2\n`);
  const results = await inParallel(targets, PARALLEL, (target) => runSqlmap(app, target));
  const tested = results.reduce((sum, r) => sum + r.parameters, 0);
  const injectable = results.filter((r) => r.injectable);
  console.log(
    `\nsqlmap summary: ${targets.length} targets, ${tested} parameters tested, ${injectable.length} injectable`,
  );
  const unfinished = results.filter((r) => r.verdict.startsWith('no verdict'));
  for (const r of injectable) console.log(`INJECTABLE: ${r.label} (see ${r.log})`);
  for (const r of unfinished) console.log(`NOT TESTED TO THE END: ${r.label} (see ${r.log})`);
  if (injectable.length || unfinished.length) process.exitCode = 1;
} finally {
  await app.stop();
  postgres.stop();
}

/** A super admin with a chat and a ticket, and a second user with the same, for the admin routes. */
async function buildWorld(server) {
  const adminEmail = server.takeSuperAdminEmail();
  const admin = await onboarded(server, adminEmail, { freePlan: true });
  const user = await onboarded(server, `sqlmap-user-${Date.now()}@example.com`, { freePlan: true });
  const as = (cookie) => async (method, url, body) => {
    const response = await fetch(`${server.baseURL}${url}`, {
      method,
      headers: { cookie, origin: server.baseURL, 'content-type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const adminApi = as(admin);
  const userApi = as(user);
  const transcript = { source: 'manual', transcript: 'Referral programs grow small bakeries.' };
  const chatId = (await adminApi('POST', '/api/chats', transcript)).id;
  const ticketId = (await adminApi('POST', '/api/support/tickets', { subject: 'Billing', message: 'Help' }))
    .id;
  await userApi('POST', '/api/chats', transcript);
  const userTicketId = (await userApi('POST', '/api/support/tickets', { message: 'Hello' })).id;
  const userId = (await userApi('GET', '/api/me')).id;
  const checkout = await userApi('POST', '/api/billing/checkout', { planId: 'pro' });
  const sessionId = new URL(checkout.url, server.baseURL).searchParams.get('session');
  return { admin, user, chatId, ticketId, userId, userTicketId, sessionId };
}

/**
 * Every route with a parameter (`*` marks a path parameter). Deleting routes are left out: their first
 * request removes the row every later probe needs (their ids go through the same validated parameter
 * as the routes tested here).
 */
function targetsFor(w) {
  const get = (label, url, cookie = w.admin) => ({ label, url, cookie });
  const send = (label, method, url, body, cookie = w.admin) => ({ label, method, url, body, cookie });
  return [
    get('GET /chats/search', '/api/chats/search?q=bakery&page=1'),
    get('GET /chats/:chatId', `/api/chats/${w.chatId}*?ia=0`),
    get('GET /chats/:id/export', `/api/chats/${w.chatId}*/export?format=md`),
    get('GET /billing/test-checkout/:sessionId', `/api/billing/test-checkout/${w.sessionId}*`, w.user),
    get('GET /admin/users', '/api/admin/users?q=example&page=1'),
    get('GET /admin/users/:id', `/api/admin/users/${w.userId}*`),
    get('GET /admin/users/:id/profile', `/api/admin/users/${w.userId}*/profile`),
    get('GET /admin/users/:id/usage', `/api/admin/users/${w.userId}*/usage`),
    get('GET /admin/users/:id/tickets', `/api/admin/users/${w.userId}*/tickets`),
    get('GET /admin/users/:id/chats', `/api/admin/users/${w.userId}*/chats`),
    get('GET /admin/audit', `/api/admin/audit?actor=${w.userId}&target=${w.userId}&page=1`),
    // A refused sign-in (401) is the answer every probe gets: sqlmap compares those answers.
    {
      ...send('POST /auth/sign-in/email', 'POST', '/api/auth/sign-in/email', {
        email: 'nobody@example.com',
        password: 'not-the-password',
      }),
      ignoreCode: 401,
    },
    send('POST /chats', 'POST', '/api/chats', { source: 'manual', transcript: 'Pricing for bakeries.' }),
    send('PATCH /chats/:id', 'PATCH', `/api/chats/${w.chatId}*`, { title: 'Renamed' }),
    send('PUT /profile', 'PUT', '/api/profile', PROFILE),
    send('POST /support/tickets', 'POST', '/api/support/tickets', { subject: 'Hi', message: 'Help' }),
    send('POST /support/tickets/:id/replies', 'POST', `/api/support/tickets/${w.ticketId}*/replies`, {
      message: 'More',
    }),
    send('POST /affiliate', 'POST', '/api/affiliate', { message: 'A newsletter' }),
    send('POST /waitlist', 'POST', '/api/waitlist', { email: 'wait@example.com' }),
    send('POST /billing/free-plan', 'POST', '/api/billing/free-plan', { planId: 'free' }),
    send('PUT /admin/users/:id/role', 'PUT', `/api/admin/users/${w.userId}*/role`, { role: 'user' }),
    send('PATCH /admin/chats/:id', 'PATCH', `/api/admin/chats/${w.chatId}*`, { title: 'By support' }),
    send('POST /admin/tickets/:id/replies', 'POST', `/api/admin/tickets/${w.userTicketId}*/replies`, {
      message: 'On it',
    }),
    send('POST /admin/tickets/:id/resolve', 'POST', `/api/admin/tickets/${w.userTicketId}*/resolve`, {}),
  ];
}

function runSqlmap(server, target) {
  const name = target.label.replace(/[^a-z0-9]+/gi, '-');
  const log = path.join(OUTPUT_DIR, `${name}.log`);
  const args = [
    '-u',
    `${server.baseURL}${target.url}`,
    '--batch',
    '--flush-session',
    '--dbms=PostgreSQL',
    '--level=2',
    '--risk=2',
    // One session file per host: parallel runs must not share it.
    `--output-dir=${path.join(OUTPUT_DIR, name)}`,
    `--cookie=${target.cookie}`,
    `--headers=Origin: ${server.baseURL}`,
    '--disable-coloring',
  ];
  if (target.method) {
    args.push(`--method=${target.method}`, `--data=${JSON.stringify(target.body)}`);
  }
  if (target.ignoreCode) args.push(`--ignore-code=${target.ignoreCode}`);
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', reject);
    child.on('exit', async () => {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(log, output);
      const parameters = new Set(
        [...output.matchAll(/testing if (?:\(custom\) )?(?:\w+ )*parameter '([^']+)' is dynamic/g)].map(
          (m) => m[1],
        ),
      );
      const injectable = /identified the following injection point|is vulnerable/.test(output);
      const verdict = injectable
        ? 'INJECTABLE'
        : /do not appear to be injectable/.test(output)
          ? 'not injectable'
          : 'no verdict (see log)';
      console.log(`${target.label.padEnd(40)} ${String(parameters.size).padStart(2)} parameters  ${verdict}`);
      resolve({ label: target.label, parameters: parameters.size, injectable, verdict, log });
    });
  });
}

async function inParallel(items, limit, work) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}
