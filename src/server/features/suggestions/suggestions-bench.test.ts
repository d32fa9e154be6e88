import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appStatements } from '../../../../bench/suggestions.mjs';
import { createTestApp } from '../../testing/test-app';

/**
 * The suggestions bench EXPLAINs the app's own statements of trending and of the week's picks. A copy
 * of them once died on its own EXPLAIN (an ambiguous created_at once trending joined the user table),
 * and no figure after it was printed.
 */
describe('the statements the suggestions bench explains', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('are the app’s trending and picks statements, and each one is planned and run', async () => {
    const statements = (await appStatements('2026-11-23')) as [string, unknown[]][];
    expect(statements.map(([statement]) => statement)).toEqual([
      expect.stringMatching(
        /^explain \(analyze, costs off\) select .*count\(distinct "chats"."user_id"\).* inner join "user"/,
      ),
      expect.stringMatching(/^explain \(analyze, costs off\) select .* from "suggestion_picks"/),
    ]);
    for (const [statement, params] of statements) {
      const inlined = params.reduce<string>(
        (text, value, i) => text.replace(new RegExp(`\\$${i + 1}\\b`), `'${String(value)}'`),
        statement,
      );
      const plan = (await t.deps.db.execute(sql.raw(inlined))) as unknown as { rows: unknown[] };
      expect(plan.rows.length).toBeGreaterThan(0);
    }
  });
});
