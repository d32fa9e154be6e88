import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

/** The real entry point, as a process: start-up, configuration errors, graceful shutdown, the role CLI. */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'vv-main-'));
  dirs.push(dir);
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function run(script: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    // Vitest puts Vite's BASE_URL ('/') in the environment: give the child a real one.
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info', BASE_URL: 'http://localhost:3000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Starts the server on a free port and waits until it answers health. */
async function startServer(dataDir: string) {
  const port = await freePort();
  const server = run('src/server/main.ts', [], { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir });
  await waitHealthy(port, server.child, server.output);
  return { ...server, port };
}

/** The accept queue length of the socket listening on the port, as the kernel reports it (ss's Send-Q). */
function listenBacklog(port: number): number {
  const line = execFileSync('ss', ['-Hltn', `sport = :${port}`], { encoding: 'utf8' }).trim();
  return Number(line.split(/\s+/)[2]);
}

const somaxconn = () => Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));

async function waitHealthy(port: number, child: ChildProcess, output: () => string) {
  // A hang detector (about 4 minutes), not a speed check: tsx compiles the server first.
  for (let i = 0; i < 2_400; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('not healthy');
}

describe('the server process', { timeout: 360_000 }, () => {
  it('stops at start-up on a bad setting, naming the variable', async () => {
    const { exited, output } = run('src/server/main.ts', [], { PORT: 'eighty', DATA_DIR: tempDir() });
    expect(await exited).toBe(1);
    expect(output()).toContain('PORT');
    expect(output()).toContain('.env.example');
  });

  it('refuses to start in production with the test-only stream gate on', async () => {
    const { exited, output } = run('src/server/main.ts', [], {
      NODE_ENV: 'production',
      OFFLINE_MODEL_TEST_GATE: 'true',
      PORT: String(await freePort()),
      DATA_DIR: tempDir(),
    });
    expect(await exited).toBe(1);
    expect(output()).toContain('OFFLINE_MODEL_TEST_GATE: is a test-only setting');
    expect(output()).not.toContain('"msg":"listening');
  });

  it('serves health, then on SIGTERM stops cleanly and releases the data directory', async () => {
    const dataDir = tempDir();
    const server = await startServer(dataDir);
    expect(existsSync(path.join(dataDir, 'vidvisor.lock'))).toBe(true);
    // The accept queue the kernel keeps for it: a burst of connects waits there instead of being reset.
    expect(listenBacklog(server.port)).toBe(Math.min(4096, somaxconn()));

    // A second process on the same data dir is refused.
    const second = run('src/server/main.ts', [], { PORT: String(await freePort()), DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by process/);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('"msg":"stopped"');
    expect(existsSync(path.join(dataDir, 'vidvisor.lock'))).toBe(false);
  });

  it('sets a role from the command line', async () => {
    const dataDir = tempDir();
    const server = await startServer(dataDir);
    const signUp = await fetch(`http://127.0.0.1:${server.port}/api/auth/sign-up/email`, {
      method: 'POST',
      // As the app's page sends it: Better Auth checks the origin of a fetch that signs up.
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'a-quiet-harbour-at-dawn-41', name: '' }),
    });
    expect(signUp.status).toBe(200);
    server.child.kill('SIGTERM');
    await server.exited;

    const unknown = run('src/server/cli/set-role.ts', ['nobody@example.com', 'admin'], { DATA_DIR: dataDir });
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).toContain('No user with the e-mail nobody@example.com');

    const badRole = run('src/server/cli/set-role.ts', ['owner@example.com', 'king'], { DATA_DIR: dataDir });
    expect(await badRole.exited).toBe(2);

    const ok = run('src/server/cli/set-role.ts', ['Owner@Example.com', 'super_admin'], { DATA_DIR: dataDir });
    expect(await ok.exited).toBe(0);
    expect(ok.output()).toContain('owner@example.com is now super_admin.');
  });
});
