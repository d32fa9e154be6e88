// Is dist/ older than what it is built from? Used by `npm start` and the test run.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');
export const BUILD_STAMP = path.join(root, 'dist', 'build-stamp.json');
const INPUTS = [
  'src',
  'public',
  'vite.config.ts',
  'package-lock.json',
  'package.json',
  'tsconfig.json',
  'scripts/build.mjs',
];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

export function buildIsStale() {
  if (!existsSync(BUILD_STAMP)) return true;
  const built = statSync(BUILD_STAMP).mtimeMs;
  return INPUTS.some((input) => newestMtime(path.join(root, input)) > built);
}
