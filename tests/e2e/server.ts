import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/lib/postgres.mjs';

export interface SentMail {
  to: string;
  subject: string;
  kind: string;
  links: string[];
  codes: string[];
}

export interface AppServer {
  baseURL: string;
  /** Mails the server printed to its log (the outbox transport), oldest first. */
  mails: SentMail[];
  /** Resolves with the newest mail of `kind` to `to` sent after `since` mails (polls the log). */
  waitForMail(to: string, kind: string, options?: { after?: number; timeoutMs?: number }): Promise<SentMail>;
  logs: string[];
  /** An e-mail address that becomes super admin when it signs up (each is handed out once). */
  takeSuperAdminEmail(): string;
  stop(): Promise<void>;
}

/** SUPER_ADMIN_EMAILS of every journey server: boss-1…boss-20@vidvisor.test. */
const SUPER_ADMIN_EMAILS = Array.from({ length: 20 }, (_, i) => `boss-${i + 1}@vidvisor.test`);

/** `node dist/server/main.js` (what `npm start` serves) on a fresh data dir and a free port. */
export async function startAppServer(env: Record<string, string> = {}): Promise<AppServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vidvisor-e2e-'));
  const baseURL = `http://localhost:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_ENABLED: 'false',
      BETTER_AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-012345',
      SUPER_ADMIN_EMAILS: SUPER_ADMIN_EMAILS.join(','),
      SMTP_URL: '',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const mails: SentMail[] = [];
  let buffer = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      logs.push(line);
      try {
        const entry = JSON.parse(line);
        if (entry.mail) mails.push(entry.mail);
      } catch {
        // not JSON
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => logs.push(chunk.toString()));

  const deadline = Date.now() + 60_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${logs.join('\n')}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${logs.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  const superAdmins = [...SUPER_ADMIN_EMAILS];
  return {
    baseURL,
    mails,
    logs,
    takeSuperAdminEmail() {
      const email = superAdmins.shift();
      if (!email) throw new Error('all super admin e-mails of this server are used');
      return email;
    },
    async waitForMail(to, kind, options = {}) {
      const until = Date.now() + (options.timeoutMs ?? 10_000);
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
