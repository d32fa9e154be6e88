#!/usr/bin/env node
// npm run user:role -- <email> <role>: the role CLI, on the server's Node flags (lib/server-flags.mjs).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from './lib/server-flags.mjs';

const cli = fileURLToPath(new URL('../src/server/cli/set-role.ts', import.meta.url));
const { status } = spawnSync(
  process.execPath,
  [...serverNodeFlags(), '--import', 'tsx', cli, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
process.exit(status ?? 1);
