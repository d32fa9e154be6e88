#!/usr/bin/env node
// npm run bench: every part listed in bench/modules.mjs, in order, at full size. Prints its figures; asserts nothing.
import { buildAll } from '../scripts/build.mjs';
import { buildIsStale } from '../scripts/lib/build-state.mjs';
import { BENCH_MODULES } from './modules.mjs';

if (buildIsStale()) await buildAll({ quiet: true });
for (const [, run] of BENCH_MODULES) await run();
