#!/usr/bin/env node
// npm run bench:smoke (and a step of npm test): every part of `npm run bench` (bench/modules.mjs) at a
// tiny size, each in its own process, so that the bench is known to run to its end. Exits non-zero
// naming each part that failed. Its figures mean nothing at this size.
import { spawnSync } from 'node:child_process';
import { buildAll } from '../scripts/build.mjs';
import { buildIsStale } from '../scripts/lib/build-state.mjs';
import { BENCH_MODULES } from './modules.mjs';

/** The size settings the parts read, each at the smallest size that still runs every code path. */
export const TINY_SIZES = {
  BENCH_DURATION: '1',
  BENCH_CONNECTIONS: '2',
  BENCH_STREAMS: '20',
  BENCH_HEAVY_MESSAGES: '200',
  BENCH_CONSULT_SAMPLES: '2',
  BENCH_CONSULT_BURST: '5',
  BENCH_CONSULT_DURATION: '1',
  BENCH_OVERLOAD: '20',
  BENCH_LIBRARY_VIDEOS: '3',
  BENCH_LIBRARY_OTHER_PASSAGES: '100',
  BENCH_LIBRARY_SAMPLES: '2',
  BENCH_MESSAGES: '10',
  BENCH_BRANCHES: '2',
  BENCH_USERS: '200',
  BENCH_SUGGESTIONS_SCALE: '0.001',
  BENCH_PLAN_SCALE: '0.001',
  BENCH_MEMORY_SAMPLES: '2',
  BENCH_CHANNELS_SCALE: '0.001',
  BENCH_RESUME_REPLIES: '3',
  BENCH_RESUME_SAMPLES: '2',
  LOAD_DURATION: '1',
  LOAD_USERS_PG: '2',
  LOAD_USERS_PGLITE: '2',
  LOAD_PAUSE_MIN_MS: '0',
  LOAD_PAUSE_MAX_MS: '10',
  LOAD_BURST: '5',
};

const only = process.argv[2];
if (only) {
  await BENCH_MODULES.find(([name]) => name === only)[1]();
} else {
  if (buildIsStale()) await buildAll({ quiet: true });
  const failed = [];
  const started = Date.now();
  for (const [name] of BENCH_MODULES) {
    console.log(`\n━━━ bench smoke: ${name} ━━━`);
    const partStarted = Date.now();
    const { status } = spawnSync(process.execPath, [import.meta.filename, name], {
      stdio: 'inherit',
      env: { ...process.env, ...TINY_SIZES },
    });
    const seconds = ((Date.now() - partStarted) / 1000).toFixed(1);
    console.log(`${status === 0 ? '✔' : '✘'} bench ${name} (${seconds} s)`);
    if (status !== 0) failed.push(name);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (failed.length) {
    console.error(`\nbench smoke: ${failed.join(', ')} failed at a tiny size (${seconds} s)`);
    process.exit(1);
  }
  console.log(`\nbench smoke: all ${BENCH_MODULES.length} parts ran to their end (${seconds} s)`);
}
