import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { peakRssKb } from '../../scripts/lib/peak-rss.mjs';
import { freePort } from '../../scripts/lib/postgres.mjs';
import { SERVER_TRIM_THRESHOLD, serverEnv, serverNodeFlags } from '../../scripts/lib/server-flags.mjs';

/**
 * What `npm start` runs (`scripts/start.mjs`, on the built app): the process it starts becomes the
 * server, with the heap, allocator and WebAssembly settings of scripts/lib/server-flags.mjs (decision
 * 032), and stops cleanly on the signals sent to it.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'vidvisor-start-'));
let child: ChildProcess | undefined;
afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function waitForHealth(url: string, output: string[]) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return response;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no answer from ${url}:\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('npm start', () => {
  it('serves from the process it started, with the memory settings, and stops on SIGTERM', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        NODE_OPTIONS: '',
        GLIBC_TUNABLES: '',
        LOG_LEVEL: 'info',
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-012345',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout!.on('data', (chunk) => output.push(String(chunk)));
    child.stderr!.on('data', (chunk) => output.push(String(chunk)));
    const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, output);
    expect(health.status).toBe(200);

    const commandLine = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
    expect(serverNodeFlags('')).toHaveLength(5);
    for (const flag of serverNodeFlags('')) expect(commandLine).toContain(flag);
    expect(commandLine.at(-2)).toBe(path.join(root, 'dist/server/main.js'));
    const environment = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
    expect(environment).toContain(`GLIBC_TUNABLES=${SERVER_TRIM_THRESHOLD}`);
    // A first start on PGlite (its migrations included) peaked at about 720-760 MB while V8 optimized
    // PGlite's WebAssembly, and peaks at about 200 MB on the baseline compiler.
    expect(peakRssKb(child.pid!) / 1024).toBeLessThan(400);

    const exited = new Promise((resolve) => child!.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('adds the allocator setting to the tunables already given, and leaves one already set', () => {
    expect(serverEnv({})).toEqual({ GLIBC_TUNABLES: SERVER_TRIM_THRESHOLD });
    expect(serverEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' })).toEqual({
      GLIBC_TUNABLES: `glibc.malloc.arena_max=2:${SERVER_TRIM_THRESHOLD}`,
    });
    expect(serverEnv({ GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=0' })).toEqual({});
  });
});
