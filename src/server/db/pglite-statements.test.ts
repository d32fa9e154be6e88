import { PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../testing/test-database';
import { openDatabase } from './client';
import { StatementCachingPGlite } from './pglite-statements';

/** What drizzle's PGlite driver asks for: dates and times as PostgreSQL writes them. */
const AS_WRITTEN: QueryOptions = {
  rowMode: 'array',
  parsers: { [types.TIMESTAMPTZ]: (value: string) => value, [types.DATE]: (value: string) => value },
};

describe.skipIf(usingPostgres())('PGlite with named prepared statements', () => {
  let db: StatementCachingPGlite;
  /** PGlite's own query, which parses and plans on every call: the reference the answers must equal. */
  const pgliteQuery = (text: string, params?: unknown[], options?: QueryOptions) =>
    PGlite.prototype.query.call(db, text, params, options);
  const preparedTexts = async () =>
    (await pgliteQuery('select statement from pg_prepared_statements order by statement')).rows.map(
      (row) => (row as { statement: string }).statement,
    );

  beforeAll(async () => {
    db = new StatementCachingPGlite();
    await db.waitReady;
    await db.exec(`
      create table item (id text primary key, n int, ok boolean, at timestamptz, tags text[], doc jsonb, note text);
      insert into item values
        ('a', 1, true, '2026-11-24T10:00:00Z', '{x,y}', '{"k": [1, 2]}', null),
        ('b', 2, false, '2026-11-23T10:00:00Z', '{}', '{"k": null}', 'second');`);
  }, 60_000);
  afterAll(() => db.close());

  it('is what the app opens as its embedded database', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    try {
      expect((handle.db as unknown as { $client: unknown }).$client).toBeInstanceOf(StatementCachingPGlite);
    } finally {
      await handle.close();
    }
  }, 60_000);

  it('answers exactly as PGlite does, for each kind of parameter, in both row modes', async () => {
    const cases: [string, unknown[], QueryOptions | undefined][] = [
      ['select * from item where id = $1', ['a'], undefined],
      ['select * from item where n > $1 and ok = $2 order by id', [0, false], { rowMode: 'array' }],
      [
        'select id, n, tags, at from item where at < $1 order by at',
        [new Date('2026-11-25T00:00:00Z')],
        AS_WRITTEN,
      ],
      ['select id from item where tags && $1 order by id', [['y', 'z']], undefined],
      ['select id, doc from item where doc @> $1', [{ k: [1] }], undefined],
      ['select id from item where note is not distinct from $1', [null], undefined],
      ['select $1::int + 1 as next, $2::text as label', [41, 'answer'], undefined],
    ];
    for (const [text, params, options] of cases) {
      const expected = await pgliteQuery(text, params, options);
      expect(expected.rows.length, text).toBeGreaterThan(0);
      expect(await db.query(text, params, options), text).toEqual(expected);
    }
  });

  it('counts the rows a write touched, and returns what it returned', async () => {
    const inserted = await db.query('insert into item (id, n) values ($1, $2) returning id, n', ['c', 3]);
    expect(inserted).toMatchObject({ affectedRows: 1, rows: [{ id: 'c', n: 3 }] });
    const updated = await db.query('update item set n = n + $1 where id = any($2)', [10, ['b', 'c']]);
    expect(updated.affectedRows).toBe(2);
    expect((await db.query('delete from item where id = $1', ['c'])).affectedRows).toBe(1);
  });

  it('prepares each text once and runs it again by name', async () => {
    const text = 'select n from item where id = $1';
    for (const id of ['a', 'b', 'a']) await db.query(text, [id]);
    expect((await preparedTexts()).filter((prepared) => prepared === text)).toHaveLength(1);
  });

  it('does not keep a statement that fails to parse, and goes on working', async () => {
    const text = 'selec n from item where id = $1';
    await expect(db.query(text, ['a'])).rejects.toMatchObject({ code: '42601', query: text, params: ['a'] });
    expect(await preparedTexts()).not.toContain(text);
    expect((await db.query('select count(*)::int as n from item')).rows).toEqual([{ n: 2 }]);
  });

  it('keeps a statement whose execution failed, and the session usable', async () => {
    const text = 'insert into item (id, n) values ($1, $2)';
    await expect(db.query(text, ['a', 9])).rejects.toMatchObject({ code: '23505', constraint: 'item_pkey' });
    await expect(db.query(text, ['a', 9])).rejects.toMatchObject({ code: '23505' });
    await db.query(text, ['d', 4]);
    expect((await db.query('select n from item where id = $1', ['d'])).rows).toEqual([{ n: 4 }]);
    await db.query('delete from item where id = $1', ['d']);
  });

  it('prepares a statement again when its table changed shape or it was deallocated', async () => {
    const text = 'select * from item where id = $1';
    await db.query(text, ['a']);
    await db.exec('alter table item add column extra text');
    expect((await db.query(text, ['a'])).rows[0]).toHaveProperty('extra', null);
    await db.exec('deallocate all');
    expect((await db.query(text, ['b'])).rows[0]).toMatchObject({ id: 'b', extra: null });
    await db.exec('alter table item drop column extra');
  });

  it('waits for a transaction in progress, then sees what it committed', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert into item (id, n) values ($1, $2)', ['t', 7]);
      await held;
    });
    let answered = false;
    const read = db.query('select n from item where id = $1', ['t']).then((result) => {
      answered = true;
      return result.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    release();
    await transaction;
    expect(await read).toEqual([{ n: 7 }]);
    await db.query('delete from item where id = $1', ['t']);
  });

  it('delivers notifications raised by a statement', async () => {
    const received: string[] = [];
    const unlisten = await db.listen('item_changes', (payload) => received.push(payload));
    await db.query('select pg_notify($1, $2)', ['item_changes', 'hello']);
    await unlisten();
    expect(received).toEqual(['hello']);
  });

  it('keeps at most its limit of statements, closing the least recently used', async () => {
    const small = new StatementCachingPGlite({ maxStatements: 2 });
    try {
      await small.waitReady;
      for (const n of [1, 2, 3]) await small.query(`select ${n} as n`);
      const prepared = await small.query<{ statement: string }>(
        'select statement from pg_prepared_statements order by statement',
      );
      // The last two texts run stay prepared: `select 3` and the question itself.
      expect(prepared.rows.map((row) => row.statement)).toEqual([
        'select 3 as n',
        'select statement from pg_prepared_statements order by statement',
      ]);
    } finally {
      await small.close();
    }
  }, 60_000);
});
