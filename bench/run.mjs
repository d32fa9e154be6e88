#!/usr/bin/env node
// npm run bench: every part listed in bench/modules.mjs, in order, at full size. Prints its figures; asserts nothing.
// `npm run bench -- server consult` runs only the parts named.
import { buildAll } from '../scripts/build.mjs';
import { buildIsStale } from '../scripts/lib/build-state.mjs';
import { BENCH_MODULES } from './modules.mjs';

const only = process.argv.slice(2);
const unknown = only.filter((name) => !BENCH_MODULES.some(([part]) => part === name));
if (unknown.length > 0) {
  console.error(
    `No such bench part: ${unknown.join(', ')}. Parts: ${BENCH_MODULES.map(([part]) => part).join(', ')}`,
  );
  process.exit(2);
}
if (buildIsStale()) await buildAll({ quiet: true });
for (const [name, run] of BENCH_MODULES) {
  if (only.length > 0 && !only.includes(name)) continue;
  await run();
}
