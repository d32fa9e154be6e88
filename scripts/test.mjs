#!/usr/bin/env node
// npm test: typecheck, lint, Vitest on PGlite, the API suites again on a real PostgreSQL, then the
// Playwright journeys in Debian's Chromium against the production build. A summary line per suite.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { buildAll } from './build.mjs';
import {
  FAKE_SECRETS,
  findSecretsInBuild,
  LANDING_JS_BUDGET_BYTES,
  landingFirstLoadBytes,
} from './lib/build-checks.mjs';
import { ensureChromium } from './lib/chromium.mjs';
import { startPostgres } from './lib/postgres.mjs';
import { childEnv, PGLITE_SUITE_ENV, pgliteRunNote, postgresSuiteEnv } from './lib/suite-databases.mjs';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, '.tmp', 'test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const summary = [];
let passedTotal = 0;
let failedTotal = 0;

function run(command, args, env = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: childEnv(env) });
  return { ok: result.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) };
}

function record(name, ok, seconds, counts) {
  if (counts) {
    passedTotal += counts.passed;
    failedTotal += counts.failed;
  } else if (!ok) {
    failedTotal += 1;
  }
  const detail = counts
    ? `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`
    : ok
      ? 'ok'
      : 'FAILED';
  summary.push(`${ok ? '✔' : '✘'} ${name.padEnd(34)} ${detail}  (${seconds} s)`);
}

function vitestCounts(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function vitest(name, args, env = {}) {
  const out = path.join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const { ok, seconds } = run(
    'npx',
    ['vitest', 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  const counts = vitestCounts(out);
  record(name, ok && Boolean(counts), seconds, counts ?? { passed: 0, failed: 1 });
}

const step = (title) => console.log(`\n━━━ ${title} ━━━`);

step('typecheck');
{
  const { ok, seconds } = run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);
  record('typecheck', ok, seconds);
}

step('lint (biome, import direction)');
{
  const { ok, seconds } = run('npm', ['run', '--silent', 'lint']);
  record('lint', ok, seconds);
}

step('unit + API suites on PGlite');
{
  const note = pgliteRunNote();
  if (note) console.log(note);
  vitest('unit + API (PGlite)', ['--project', 'unit', '--project', 'api'], PGLITE_SUITE_ENV);
}

step('API suites on PostgreSQL');
{
  let postgres;
  try {
    postgres = process.env.TEST_DATABASE_URL ? null : await startPostgres();
    const url = process.env.TEST_DATABASE_URL ?? postgres.url;
    console.log(`PostgreSQL: ${url}`);
    vitest('API (PostgreSQL)', ['--project', 'api'], postgresSuiteEnv(url));
  } catch (error) {
    console.error(error);
    record('API (PostgreSQL)', false, '0', { passed: 0, failed: 1 });
  } finally {
    postgres?.stop();
  }
}

step('production build and its checks (fake secrets in the environment)');
let built = false;
{
  const started = Date.now();
  const saved = { ...process.env };
  try {
    Object.assign(process.env, FAKE_SECRETS);
    await buildAll({ quiet: true });
    built = true;
  } catch (error) {
    console.error(error);
  } finally {
    for (const key of Object.keys(FAKE_SECRETS)) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let passed = 0;
  let failed = 0;
  if (built) {
    const webRoot = path.join(root, 'dist', 'web');
    const leaks = findSecretsInBuild(webRoot);
    console.log(
      leaks.length ? `secrets found in the build:\n  ${leaks.join('\n  ')}` : 'no secret in dist/web',
    );
    leaks.length ? failed++ : passed++;
    const landing = landingFirstLoadBytes(webRoot);
    const within = landing.bytes <= LANDING_JS_BUDGET_BYTES;
    console.log(
      `landing first-load JS: ${(landing.bytes / 1024).toFixed(1)} KB gzip in ${landing.files.length} files (budget ${LANDING_JS_BUDGET_BYTES / 1024} KB)`,
    );
    within ? passed++ : failed++;
  } else {
    failed++;
  }
  record('build checks', built && failed === 0, seconds, { passed, failed });
}

step('system suites (PostgreSQL restarts, several processes)');
if (built) vitest('system', ['--project', 'system']);

step('bench smoke (every part of npm run bench at a tiny size)');
if (built) {
  const { ok, seconds } = run('node', ['bench/smoke.mjs']);
  record('bench smoke', ok, seconds);
}

step('browser journeys (Playwright, Chromium, production build)');
try {
  if (!built) throw new Error('the build failed: no journeys');
  ensureChromium();
  const out = path.join(reports, 'playwright.json');
  const { ok, seconds } = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
  let counts = { passed: 0, failed: 1 };
  if (existsSync(out)) {
    const stats = JSON.parse(readFileSync(out, 'utf8')).stats;
    // A journey that passed only on a retry (should a config add retries) counts as failed.
    counts = { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
  }
  record('browser journeys', ok && counts.failed === 0, seconds, counts);
} catch (error) {
  console.error(error);
  record('browser journeys', false, '0', { passed: 0, failed: 1 });
}

console.log(`\n━━━ summary (Node ${process.version}) ━━━`);
for (const line of summary) console.log(line);
console.log(`${passedTotal} passed, ${failedTotal} failed`);
process.exit(summary.some((line) => line.startsWith('✘')) ? 1 : 0);
