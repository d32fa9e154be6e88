import type { ChildProcess } from 'node:child_process';
import { startAppServer as start } from '../../scripts/lib/app-server.mjs';

/** A mail as the server log prints it on loopback: recipient, kind, and its sign-in link or code. */
export interface SentMail {
  to: string;
  kind: string;
  links: string[];
  codes: string[];
}

/** The production build running on a free port and a fresh data dir (scripts/lib/app-server.mjs). */
export interface AppServer {
  baseURL: string;
  child: ChildProcess;
  coldStartMs: number;
  /** Mails the server printed to its log (the outbox transport), oldest first. */
  mails: SentMail[];
  logs: string[];
  /** Resolves with the newest mail of `kind` to `to` sent after `after` mails (polls the log). */
  waitForMail(to: string, kind: string, options?: { after?: number; timeoutMs?: number }): Promise<SentMail>;
  /** The offline model's replies stop after their first words until released (or stopped). */
  holdOfflineModel(): Promise<void>;
  releaseOfflineModel(): Promise<void>;
  /** An e-mail address that becomes super admin when it signs up (each is handed out once). */
  takeSuperAdminEmail(): string;
  stop(): Promise<void>;
}

export const startAppServer = start as (env?: Record<string, string>) => Promise<AppServer>;
