#!/usr/bin/env node
// npm start: build when the build is missing or older than its sources, then serve (one Node process).
import { buildIsStale } from './lib/build-state.mjs';

if (buildIsStale()) {
  console.log('Building the app (first start, or sources changed)…');
  const { buildAll } = await import('./build.mjs');
  await buildAll({ quiet: true });
}
process.env.NODE_ENV ??= 'production';
await import('../dist/server/main.js');
