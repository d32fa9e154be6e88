import { execFile } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type features use; the same code runs on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction: what a query helper that may run inside a transaction takes. */
export type Executor = Database | Transaction;

export type NotificationHandler = (payload: string) => void;

/** How another library (the job queue) reaches the same database: PostgreSQL's URL, or the PGlite itself. */
export type DatabaseConnection = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  connection: DatabaseConnection;
  /** Runs `select 1`; throws when the database cannot answer. */
  ping(): Promise<void>;
  /** Cross-process notifications: PostgreSQL LISTEN/NOTIFY (PGlite: in-process). Returns an unsubscribe. */
  listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Runs `fn` holding a PostgreSQL session advisory lock (PGlite: one process, so just runs it). */
  withAdvisoryLock<T>(key: number, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; 'memory://' for an in-memory database. */
  dataDir?: string;
  /** PGlite: start an in-memory database from this dump (`dumpDataDir`) instead of running initdb. */
  loadDataDir?: Blob;
  poolSize?: number;
  onError?: (error: Error) => void;
  /** Called with each statement Drizzle sends (its logger option): tests count a request's statements. */
  logQuery?: (query: string) => void;
}

/** Drizzle's options: the schema, and a logger when statements are watched. */
const drizzleOptions = (options: Pick<DatabaseOptions, 'logQuery'>) => ({
  schema,
  ...(options.logQuery ? { logger: { logQuery: options.logQuery } } : {}),
});

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, options)
    : openPglite(options.dataDir ?? 'memory://', options);
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;
function assertChannel(channel: string) {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Invalid notification channel: ${channel}`);
}

async function openPostgres(url: string, options: DatabaseOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    // No JIT compilation (decision 039): it costs tens of milliseconds a statement, more than the
    // searches it is triggered on take. A new connection is handed out once this has run.
    onConnect: async (client) => {
      await client.query('set jit = off');
    },
  });
  // An idle client losing its connection (e.g. the server restarting) must not crash the process.
  pool.on('error', (error) => options.onError?.(error));
  const db = drizzlePg(pool, drizzleOptions(options)) as unknown as Database;
  const listeners = new Map<string, Set<NotificationHandler>>();
  let listenClient: pg.Client | undefined;

  async function ensureListenClient(): Promise<pg.Client> {
    if (listenClient) return listenClient;
    const client = new pg.Client({ connectionString: url });
    client.on('error', (error) => {
      options.onError?.(error);
      if (listenClient === client) listenClient = undefined;
      void reconnectListeners();
    });
    client.on('notification', (message) => {
      for (const handler of listeners.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    await client.connect();
    listenClient = client;
    return client;
  }

  async function reconnectListeners() {
    for (let attempt = 0; attempt < 30 && listeners.size > 0 && !listenClient; attempt++) {
      try {
        const client = await ensureListenClient();
        for (const channel of listeners.keys()) await client.query(`LISTEN ${channel}`);
        return;
      } catch {
        listenClient = undefined;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
  }

  return {
    db,
    kind: 'postgres',
    connection: { kind: 'postgres', url },
    async ping() {
      await pool.query('select 1');
    },
    async listen(channel, handler) {
      assertChannel(channel);
      let handlers = listeners.get(channel);
      if (!handlers) {
        handlers = new Set();
        listeners.set(channel, handlers);
        await (await ensureListenClient()).query(`LISTEN ${channel}`);
      }
      handlers.add(handler);
      return async () => {
        handlers.delete(handler);
      };
    },
    async notify(channel, payload) {
      assertChannel(channel);
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async withAdvisoryLock(key, fn) {
      // A connection of its own, outside the pool: `fn` may need every pooled one (a pool of 1).
      const lockClient = new pg.Client({ connectionString: url });
      await lockClient.connect();
      try {
        await lockClient.query('select pg_advisory_lock($1)', [key]);
        return await fn();
      } finally {
        await lockClient.end().catch(() => {});
      }
    },
    async close() {
      listeners.clear();
      await listenClient?.end().catch(() => {});
      await pool.end();
    },
  };
}

/**
 * PGlite's own start parameters with a 16 MB buffer pool instead of PostgreSQL's 128 MB: PGlite zeroes
 * the whole pool inside its WebAssembly memory, which never shrinks (decision 032).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

async function openPglite(
  dataDir: string,
  { loadDataDir, logQuery }: Pick<DatabaseOptions, 'loadDataDir' | 'logQuery'>,
): Promise<DatabaseHandle> {
  const inMemory = dataDir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : acquireDataDirLock(dataDir);
  try {
    const pgData = path.resolve(dataDir, 'pglite');
    if (!inMemory) await initPgliteDataDir(pgData);
    const client = new PGlite({
      dataDir: inMemory ? dataDir : pgData,
      startParams: PGLITE_START_PARAMS,
      ...(inMemory && loadDataDir ? { loadDataDir } : {}),
    });
    await client.waitReady;
    const db = drizzlePglite(client, drizzleOptions({ logQuery })) as unknown as Database;
    return {
      db,
      kind: 'pglite',
      connection: { kind: 'pglite', client },
      async ping() {
        await client.query('select 1');
      },
      async listen(channel, handler) {
        assertChannel(channel);
        return client.listen(channel, handler);
      },
      async notify(channel, payload) {
        assertChannel(channel);
        await client.query('select pg_notify($1, $2)', [channel, payload]);
      },
      withAdvisoryLock: (_key, fn) => fn(),
      async close() {
        try {
          await client.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

const INITDB_SCRIPT = fileURLToPath(
  new URL(`./pglite-initdb.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url),
);

/**
 * Creates a new PGlite data directory in a short-lived process, so the serving process never holds
 * initdb's memory (about 200 MB that a WebAssembly memory and the allocator never give back). The
 * directory is built beside its place and renamed into it, so a crash leaves no half-made database.
 */
export async function initPgliteDataDir(pgData: string): Promise<void> {
  if (existsSync(path.join(pgData, 'PG_VERSION'))) return;
  const building = `${pgData}.initdb`;
  rmSync(building, { recursive: true, force: true });
  // Running WebAssembly as the server does (scripts/lib/server-flags.mjs), so initdb's peak is bounded too.
  const wasmFlags = process.execArgv.filter((flag) => flag.startsWith('--no-wasm-'));
  await promisify(execFile)(process.execPath, [...wasmFlags, INITDB_SCRIPT, building]);
  rmSync(pgData, { recursive: true, force: true });
  renameSync(building, pgData);
}

/**
 * PGlite has no lock of its own: two processes opening one data dir would corrupt it.
 * A lock file holding our pid refuses a second process and is taken over when its owner is gone.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'vidvisor.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockPath, 'utf8').trim());
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The data directory ${path.resolve(dataDir)} is in use by process ${owner}. ` +
            'PGlite serves one process only: stop the other one, or set DATABASE_URL to use PostgreSQL.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${path.resolve(dataDir)}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
