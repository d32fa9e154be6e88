// Starts the production build (`dist/server/main.js`, with the memory settings of `npm start`) on a free
// port and a fresh data dir, and reads the mails it "sends" from its JSON log. Used by the journeys and
// the bench.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './postgres.mjs';
import { serverEnv, serverNodeFlags } from './server-flags.mjs';

const root = path.resolve(import.meta.dirname, '..', '..');

/** SUPER_ADMIN_EMAILS of every server started here: boss-1…boss-20@vidvisor.test. */
const SUPER_ADMIN_EMAILS = Array.from({ length: 20 }, (_, i) => `boss-${i + 1}@vidvisor.test`);

export async function startAppServer(env = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vidvisor-app-'));
  const baseURL = `http://localhost:${port}`;
  const started = performance.now();
  const flags = serverNodeFlags(env.NODE_OPTIONS ?? process.env.NODE_OPTIONS);
  const child = spawn(process.execPath, [...flags, 'dist/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...serverEnv({ ...process.env, ...env }),
      // The production build, but not NODE_ENV=production: that refuses the test-only gate below (config.ts).
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_ENABLED: 'false',
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-012345',
      SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAILS.join(','),
      SMTP_URL: '',
      DATABASE_URL: '',
      OFFLINE_MODEL_TEST_GATE: 'true',
      // A loaded test machine stalls its event loop at random: journeys drive "full" by the replies bound.
      EVENT_LOOP_DELAY_MAX_MS: '60000',
      EVENT_LOOP_UTILIZATION_MAX_PERCENT: '100',
      ...env,
    },
    // The IPC channel carries the offline model's test gate (holdOfflineModel / releaseOfflineModel).
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const logs = [];
  const mails = [];
  let buffer = '';
  child.stdout.on('data', (chunk) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      logs.push(line);
      if (!line.includes('"mail"')) continue;
      try {
        mails.push(JSON.parse(line).mail);
      } catch {
        // not JSON
      }
    }
  });
  child.stderr.on('data', (chunk) => logs.push(chunk.toString()));

  // A hang detector, not a speed check: a busy machine may take minutes to start a server.
  const deadline = Date.now() + 240_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${logs.join('\n')}`);
    try {
      if ((await fetch(`${baseURL}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${logs.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const coldStartMs = performance.now() - started;
  /** Sends the gate its word and resolves once the server has applied it. */
  const gate = (word) =>
    new Promise((resolve) => {
      const applied = (message) => {
        if (message?.offlineGate !== word) return;
        child.off('message', applied);
        resolve(undefined);
      };
      child.on('message', applied);
      child.send({ offlineGate: word });
    });
  const superAdmins = [...SUPER_ADMIN_EMAILS];

  return {
    baseURL,
    child,
    coldStartMs,
    mails,
    logs,
    /** The offline model's replies stop after their first words until releaseOfflineModel (or Stop). */
    holdOfflineModel: () => gate('close'),
    releaseOfflineModel: () => gate('open'),
    takeSuperAdminEmail() {
      const email = superAdmins.shift();
      if (!email) throw new Error('all super admin e-mails of this server are used');
      return email;
    },
    async waitForMail(to, kind, options = {}) {
      const until = Date.now() + (options.timeoutMs ?? 60_000);
      while (Date.now() < until) {
        const found = mails
          .slice(options.after ?? 0)
          .filter((m) => m.to.toLowerCase() === to.toLowerCase() && m.kind === kind)
          .at(-1);
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no ${kind} mail to ${to}; mails: ${JSON.stringify(mails.map((m) => [m.to, m.kind]))}`);
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
