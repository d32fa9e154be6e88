#!/usr/bin/env node
// The npm mirror these machines use serves each native package only for linux-x64, so `npm install`
// writes a lock without the other platforms' optional binaries, and `npm ci` then refuses the lock as
// out of sync. This adds those entries back (version, os, cpu, optional): `npm ci` skips them as
// foreign-platform packages without downloading. Runs after every `npm install` (root postinstall).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const lockPath = path.resolve(import.meta.dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'wasm32', 'riscv64', 'ppc64', 's390x', 'loong64', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  const libc = parts.includes('musl')
    ? 'musl'
    : parts.includes('gnu') || parts.includes('gnueabihf')
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[base] || packages[hoisted]) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!os && !cpu) continue; // not a platform binary: leave npm's judgement alone
    packages[hoisted] = {
      version,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(os ? { os: [os] } : {}),
      ...(libc ? { libc: [libc] } : {}),
      dev: entry.dev || undefined,
      optional: true,
    };
    added += 1;
  }
}

if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${added} foreign-platform optional entries`);
}
