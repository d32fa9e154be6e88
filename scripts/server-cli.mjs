#!/usr/bin/env node
// node scripts/server-cli.mjs <name> [args]: runs src/server/cli/<name>.ts on the server's Node flags
// (lib/server-flags.mjs). npm run user:role and npm run mail:weekly go through it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from './lib/server-flags.mjs';

const [name, ...args] = process.argv.slice(2);
const cli = fileURLToPath(new URL(`../src/server/cli/${name}.ts`, import.meta.url));
const { status } = spawnSync(process.execPath, [...serverNodeFlags(), '--import', 'tsx', cli, ...args], {
  stdio: 'inherit',
});
process.exit(status ?? 1);
