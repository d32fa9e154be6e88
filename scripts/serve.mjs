#!/usr/bin/env node
// Becomes the built server (dist/server/main.js) with its runtime settings (lib/server-flags.mjs): what
// `npm start` runs once the build is fresh, and the container image's command (the image has no sources
// to build from).
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeFlags } from './lib/server-flags.mjs';

process.env.NODE_ENV ??= 'production';
const server = fileURLToPath(new URL('../dist/server/main.js', import.meta.url));
if (process.execve) {
  // Become the server, started with its memory settings: the same process, so signals reach it directly.
  process.execve(process.execPath, [process.execPath, ...serverNodeFlags(), server], {
    ...process.env,
    ...serverEnv(),
  });
}
// Where Node has no execve (older releases, Windows): serve from this process, with Node's default heap,
// allocator and WebAssembly compiler settings.
await import(server);
