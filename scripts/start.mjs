#!/usr/bin/env node
// npm start: build when the build is missing or older than its sources, then become the server.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildIsStale } from './lib/build-state.mjs';

if (buildIsStale()) {
  console.log('Building the app (first start, or sources changed)…');
  // In a process of its own, so that its helpers (esbuild's service) end with it, before this one
  // becomes the server.
  const build = fileURLToPath(new URL('./build.mjs', import.meta.url));
  const { status } = spawnSync(process.execPath, [build, '--quiet'], { stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
await import('./serve.mjs');
