import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { childEnv, PGLITE_SUITE_ENV, pgliteRunNote, postgresSuiteEnv } from './suite-databases.mjs';

const exported = { ...process.env, TEST_DATABASE_URL: 'postgres://someone@localhost:5432/theirs' };

/** What the test database helper of a child Vitest run would read. */
function databaseUrlSeenByChild(extra: Record<string, string | undefined>) {
  const child = spawnSync(
    process.execPath,
    ['-e', 'process.stdout.write(process.env.TEST_DATABASE_URL ?? "")'],
    {
      env: childEnv(extra, exported),
    },
  );
  return child.stdout.toString();
}

describe('npm test runs each suite on the database its name says', () => {
  it('runs the PGlite suite without a TEST_DATABASE_URL exported in the shell, and says so', () => {
    expect(databaseUrlSeenByChild(PGLITE_SUITE_ENV)).toBe('');
    expect(pgliteRunNote(exported)).toMatch(/TEST_DATABASE_URL is set.*PGlite run ignores it/);
    expect(pgliteRunNote({})).toBeNull();
  });

  it('runs the PostgreSQL suite on the URL it was given', () => {
    expect(databaseUrlSeenByChild(postgresSuiteEnv('postgres://vv@127.0.0.1:5999/t'))).toBe(
      'postgres://vv@127.0.0.1:5999/t',
    );
  });
});
