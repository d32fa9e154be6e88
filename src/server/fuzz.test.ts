import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../shared/errors';
import * as schema from './db/schema';
import { ROUTE_CATALOGUE, type RouteRequest } from './testing/route-catalogue';
import { createTestApp, type TestApp } from './testing/test-app';
import { type Actor, buildWorld, type World } from './testing/world';

/**
 * Property-based fuzzing of every API route: generated path parameters, query strings and bodies
 * (seeded, reproducible: FUZZ_SEED=<seed> replays a run). Every answer is a 2xx, or a 4xx with
 * `{ error: { code, message } }`; never a 5xx; a rejected request changes nothing in the database.
 */

/** Requests per route (routes that create an account per request get a quarter): 10,000+ in all. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 210);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

let t: TestApp;
let world: World;
let requestsSent = 0;
beforeAll(async () => {
  t = await createTestApp();
  world = await buildWorld(t);
  console.info(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
});
afterAll(async () => {
  console.info(`fuzz: ${requestsSent} generated requests`);
  await t.close();
});

const nasty = fc.constantFrom(
  '',
  ' ',
  "'",
  '"',
  "' OR '1'='1",
  '1; DROP TABLE chats; --',
  '%00',
  '\u0000',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  '${7*7}',
  '😀'.repeat(50),
  'a'.repeat(10_000),
  '-1',
  '1e309',
  'NaN',
  'null',
  'true',
  '00000000-0000-0000-0000-000000000000',
  '!@#$%^&*()',
  'websearch & (to_tsquery | "x")',
);
const anyString = fc.oneof(
  nasty,
  fc.string({ maxLength: 300 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
);
const anyJson = fc.oneof(anyString, fc.jsonValue({ maxDepth: 3 }));

/** A body derived from the valid one: fields replaced, dropped or added; or something else entirely. */
function bodyArbitrary(valid: unknown) {
  const mutations =
    valid && typeof valid === 'object' && !Array.isArray(valid)
      ? [
          fc
            .record({
              drop: fc.boolean(),
              key: fc.constantFrom(...Object.keys(valid), '__proto__', 'extra'),
              value: anyJson,
            })
            .map(({ drop, key, value }) => {
              const copy: Record<string, unknown> = { ...(valid as Record<string, unknown>) };
              if (drop) delete copy[key];
              else copy[key] = value;
              return copy;
            }),
        ]
      : [];
  return fc.oneof(
    ...mutations,
    fc.constant(valid),
    anyJson,
    fc.dictionary(anyString, anyJson, { maxKeys: 5 }),
    fc.string().map((raw) => ({ __raw: raw })),
  );
}

/**
 * A change to a request's path: its id-like segments replaced (or kept), its query kept or dropped,
 * extra query keys added. Applied to each fresh request, whose ids differ from call to call.
 */
const pathMutation = fc
  .record({
    replaceParams: fc.array(fc.option(anyString, { nil: undefined }), { minLength: 2, maxLength: 2 }),
    query: fc.dictionary(
      fc.oneof(fc.constantFrom('q', 'page', 'format', 'ia', 'actor', 'target'), anyString),
      anyString,
      { maxKeys: 3 },
    ),
    keepQuery: fc.boolean(),
  })
  .map(({ replaceParams, query, keepQuery }) => (path: string) => {
    const url = new URL(path, 'http://x');
    let param = 0;
    const segments = url.pathname.split('/').map((segment) => {
      if (!/^[0-9a-zA-Z_-]{16,}$/.test(segment)) return segment;
      const replacement = replaceParams[param++];
      return replacement === undefined ? segment : encodeURIComponent(replacement);
    });
    const search = new URLSearchParams(keepQuery ? url.search : '');
    for (const [key, value] of Object.entries(query)) search.set(key, value);
    const qs = search.toString();
    return `${segments.join('/')}${qs ? `?${qs}` : ''}`;
  });

interface FingerprintRow {
  name: string;
  n: number;
  h: string;
}

/**
 * Every table's row count and the sum of its rows' hashes (order-free, so no sort and no giant string):
 * equal before and after means nothing was written.
 */
async function fingerprint(): Promise<string> {
  const tables = Object.values(schema).filter((value) => is(value, PgTable)) as PgTable[];
  const parts = tables.map(
    (table) =>
      sql`select ${getTableName(table)} as name, count(*)::int as n, coalesce(sum(hashtext(t::text)::bigint), 0)::text as h from ${table} t`,
  );
  const result = (await t.db.execute(sql.join(parts, sql` union all `))) as unknown as
    | { rows: FingerprintRow[] }
    | FingerprintRow[];
  const rows = Array.isArray(result) ? result : result.rows;
  return rows.map((row) => `${row.name}:${row.n}:${row.h}`).join(',');
}

/** The tables whose fingerprint differs. */
const changedTables = (before: string, after: string) => {
  const old = new Set(before.split(','));
  return after
    .split(',')
    .filter((entry) => !old.has(entry))
    .map((entry) => entry.split(':')[0]);
};

async function send(method: string, request: RouteRequest, actor: Actor, path: string, body: unknown) {
  const client = request.client ?? world.clientOf(actor);
  const raw =
    body && typeof body === 'object' && '__raw' in body
      ? String((body as { __raw: string }).__raw)
      : undefined;
  const init: RequestInit & { json?: unknown } =
    method === 'GET'
      ? { method }
      : raw !== undefined
        ? { method, body: raw, headers: { 'content-type': 'application/json' } }
        : { method, json: body };
  requestsSent += 1;
  return client.request(path, init);
}

describe('fuzzing every route', () => {
  for (const [key, routeCase] of Object.entries(ROUTE_CATALOGUE)) {
    const [method, routePath] = key.split(' ') as [string, string];
    // The account with the widest access that still passes the route's guard.
    const actor: Actor = routePath.startsWith('/admin') ? 'superAdmin' : 'owner';

    const runs = routeCase.createsAccounts ? Math.ceil(RUNS_PER_ROUTE / 4) : RUNS_PER_ROUTE;
    it(`${key}: never a 5xx, errors in the error shape, nothing written when refused`, {
      timeout: 600_000,
    }, async () => {
      const base = await routeCase.request(world, actor);
      await fc.assert(
        fc.asyncProperty(pathMutation, bodyArbitrary(base.body), async (mutatePath, body) => {
          const request = await routeCase.request(world, actor);
          const path = mutatePath(request.path);
          const mutating = method !== 'GET';
          const before = mutating ? await fingerprint() : '';
          const response = await send(method, request, actor, path, body);
          if (routeCase.eventStream && response.ok) {
            await response.body?.cancel();
            return;
          }
          const text = await response.text();
          expect(
            response.status,
            `${method} ${path} → ${response.status} ${text.slice(0, 200)}`,
          ).toBeLessThan(500);
          if (response.status >= 400) {
            expect(
              isApiErrorBody(JSON.parse(text)),
              `${method} ${path} error body: ${text.slice(0, 200)}`,
            ).toBe(true);
            if (mutating) {
              const changed = changedTables(before, await fingerprint());
              expect(changed, `${method} ${path} wrote despite ${response.status}`).toEqual([]);
            }
          }
        }),
        { numRuns: runs, seed: SEED, endOnFailure: true },
      );
    });
  }
});
