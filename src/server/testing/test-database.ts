import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from '../db/client';

/**
 * A fresh, empty database for one test file: in-memory PGlite, or, when TEST_DATABASE_URL is set,
 * a new database created on that PostgreSQL server and dropped afterwards.
 */
export async function openTestDatabase(
  options: Pick<DatabaseOptions, 'logQuery'> = {},
): Promise<DatabaseHandle & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return openDatabase({ ...options, dataDir: 'memory://', loadDataDir: await emptyPgliteDump() });
  }

  const name = `vt_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = withDatabase(serverUrl, name);
  const handle = await openDatabase({ ...options, url, poolSize: 5 });
  return {
    ...handle,
    url,
    async close() {
      await handle.close();
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    },
  };
}

/**
 * What a second server process sees of the same test database: a second pool on PostgreSQL; on
 * PGlite, which serves one process, the same handle (closing it is left to the first).
 */
export async function secondConnection(database: DatabaseHandle & { url?: string }): Promise<DatabaseHandle> {
  return database.url
    ? openDatabase({ url: database.url, poolSize: 5 })
    : { ...database, close: async () => {} };
}

let emptyPglite: Promise<Blob> | undefined;
/**
 * A new PGlite's data directory, made once per test process: each file starts from a copy (initdb in
 * WebAssembly takes seconds; loading a copy, a fraction of one).
 */
function emptyPgliteDump(): Promise<Blob> {
  emptyPglite ??= PGlite.create('memory://').then(async (client) => {
    const dump = await client.dumpDataDir('none');
    await client.close();
    return dump;
  });
  return emptyPglite;
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function withAdminClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
