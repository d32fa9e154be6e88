import { existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { usingPostgres } from '../testing/test-database';
import { type DatabaseHandle, initPgliteDataDir, openDatabase } from './client';

const freshDir = () => mkdtempSync(path.join(tmpdir(), 'vv-pglite-'));

/** PGlite's drizzle driver answers raw SQL with `{ rows }`. */
async function rowsOf<T>(handle: DatabaseHandle, query: string): Promise<T[]> {
  return ((await handle.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
}

describe.skipIf(usingPostgres())('PGlite data directory', () => {
  it('is created by a separate process, renamed into place, and left alone once it exists', async () => {
    const pgData = path.join(freshDir(), 'pglite');
    const inThisProcess = vi.spyOn(PGlite, 'create');
    try {
      await initPgliteDataDir(pgData);
      expect(inThisProcess).not.toHaveBeenCalled();
    } finally {
      inThisProcess.mockRestore();
    }
    expect(existsSync(path.join(pgData, 'PG_VERSION'))).toBe(true);
    expect(existsSync(`${pgData}.initdb`)).toBe(false);
    const madeAt = statSync(path.join(pgData, 'PG_VERSION')).mtimeMs;
    await initPgliteDataDir(pgData);
    expect(statSync(path.join(pgData, 'PG_VERSION')).mtimeMs).toBe(madeAt);
  });

  it('replaces what an interrupted creation left behind', async () => {
    const pgData = path.join(freshDir(), 'pglite');
    mkdirSync(`${pgData}.initdb`, { recursive: true });
    writeFileSync(path.join(`${pgData}.initdb`, 'half-written'), 'x');
    mkdirSync(pgData);
    await initPgliteDataDir(pgData);
    expect(existsSync(path.join(pgData, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(pgData, 'half-written'))).toBe(false);
  });

  it('reports a failed creation and leaves no database behind', async () => {
    const blocker = path.join(freshDir(), 'a-file');
    writeFileSync(blocker, '');
    const pgData = path.join(blocker, 'pglite');
    await expect(initPgliteDataDir(pgData)).rejects.toThrow();
    expect(existsSync(pgData)).toBe(false);
  });

  it('serves a new data dir with the small buffer pool, and keeps its data across restarts', async () => {
    const dataDir = freshDir();
    const first = await openDatabase({ dataDir });
    try {
      expect(await rowsOf(first, 'show shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
      await rowsOf(first, 'create table kept (note text)');
      await rowsOf(first, "insert into kept values ('still here')");
    } finally {
      await first.close();
    }
    const second = await openDatabase({ dataDir });
    try {
      expect(await rowsOf(second, 'select note from kept')).toEqual([{ note: 'still here' }]);
    } finally {
      await second.close();
    }
  });
});
