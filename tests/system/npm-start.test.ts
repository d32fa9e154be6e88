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
const dataDirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** `npm start` (scripts/start.mjs on the built app) on a free port and a fresh data dir. */
async function npmStart(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vidvisor-start-'));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NODE_OPTIONS: '',
      GLIBC_TUNABLES: '',
      LOG_LEVEL: 'info',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // Vitest sets BASE_URL to Vite's '/': unset, as a plain `npm start` has it.
      BASE_URL: '',
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-012345',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const health = await waitForHealth(`http://127.0.0.1:${port}/api/health`, output);
  expect(health.status).toBe(200);
  return { child, port, log: () => output.join('') };
}

async function waitForHealth(url: string, output: string[]) {
  // A hang detector, not a speed check: a busy machine may take minutes to build and start.
  const deadline = Date.now() + 240_000;
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
    const { child } = await npmStart({ HOST: '127.0.0.1' });

    const commandLine = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
    expect(serverNodeFlags('')).toHaveLength(5);
    for (const flag of serverNodeFlags('')) expect(commandLine).toContain(flag);
    expect(commandLine.at(-2)).toBe(path.join(root, 'dist/server/main.js'));
    const environment = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
    expect(environment).toContain(`GLIBC_TUNABLES=${SERVER_TRIM_THRESHOLD}`);
    // A first start on PGlite (its migrations included) peaked at about 720-760 MB while V8 optimized
    // PGlite's WebAssembly, and peaks at about 200 MB on the baseline compiler.
    expect(peakRssKb(child.pid!) / 1024).toBeLessThan(400);

    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('without BASE_URL, says the URL to open and takes forms from 127.0.0.1; another address is told once', async () => {
    const { port, log } = await npmStart({});
    expect(log()).toContain(`Vidvisor is running: open http://localhost:${port}`);

    const signUp = (origin: string) =>
      fetch(`http://127.0.0.1:${port}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `loopback-${Date.now()}@example.com`,
          password: 'sourdough-42',
          name: '',
        }),
      });
    expect((await signUp(`http://127.0.0.1:${port}`)).status).toBe(200);

    const lan = `http://192.168.77.20:${port}`;
    for (let attempt = 0; attempt < 3; attempt++) {
      const refused = await signUp(lan);
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.message).toBe(
        `Cross-site request refused: ${lan} is not this app's address (http://localhost:${port}): BASE_URL must name the address users open`,
      );
    }
    const warnings = log()
      .split('\n')
      .filter((line) => line.includes(`Refused a request from ${lan}`));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0]!)).toMatchObject({ level: 40, origin: lan });
  });

  it('adds the allocator setting to the tunables already given, and leaves one already set', () => {
    expect(serverEnv({})).toEqual({ GLIBC_TUNABLES: SERVER_TRIM_THRESHOLD });
    expect(serverEnv({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' })).toEqual({
      GLIBC_TUNABLES: `glibc.malloc.arena_max=2:${SERVER_TRIM_THRESHOLD}`,
    });
    expect(serverEnv({ GLIBC_TUNABLES: 'glibc.malloc.trim_threshold=0' })).toEqual({});
  });
});
