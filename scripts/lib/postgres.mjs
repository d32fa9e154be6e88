// A throwaway PostgreSQL cluster for the test run: Debian's binaries, a temp dir, a free port.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { aptInstall } from './apt.mjs';

const isRoot = process.getuid?.() === 0;

function findBinDir() {
  const base = '/usr/lib/postgresql';
  if (existsSync(base)) {
    const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')));
    versions.sort((a, b) => Number(b) - Number(a));
    if (versions[0]) return path.join(base, versions[0], 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  return which.status === 0 ? path.dirname(which.stdout.trim()) : null;
}

/** Installs Debian's PostgreSQL when its binaries are missing (root only). */
export function ensurePostgresBinaries(log = console.log) {
  let bin = findBinDir();
  if (bin) return bin;
  aptInstall('postgresql', {
    log,
    hint: 'PostgreSQL binaries (initdb, pg_ctl) are missing; install the postgresql package.',
  });
  bin = findBinDir();
  if (!bin) throw new Error('PostgreSQL was installed but initdb was not found');
  return bin;
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs a PostgreSQL binary, as the postgres user when we are root (the server refuses to run as root). */
function run(bin, name, args) {
  const command = path.join(bin, name);
  const result = isRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${name} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/**
 * Starts a new cluster and returns its URL and a stop function that also deletes it.
 * Tuned for tests: no fsync (unless `durable`), many connections.
 */
export async function startPostgres({ log = console.log, durable = false } = {}) {
  const bin = ensurePostgresBinaries(log);
  const dir = mkdtempSync(path.join(tmpdir(), 'vidvisor-pg-'));
  chmodSync(dir, 0o777);
  if (isRoot) execFileSync('chown', ['postgres', dir]);
  const dataDir = path.join(dir, 'data');
  run(bin, 'initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
    '--locale=C',
  ]);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    // Fast by default; `durable` keeps PostgreSQL's crash safety for tests that crash the server.
    ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    '-c max_connections=400',
  ].join(' ');
  const logFile = path.join(dir, 'server.log');
  const start = () =>
    run(bin, 'pg_ctl', ['-D', dataDir, '-o', options, '-l', logFile, '-w', '-t', '60', 'start']);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let stopped = false;
  return {
    url,
    port,
    dataDir,
    /** Fault tests: kill the server at once (connections drop), keeping its data. */
    crash() {
      run(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    },
    /** Start it again after `crash()`, on the same port. */
    start,
    /** Stop for good and delete the cluster. */
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(bin, 'pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already down
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
