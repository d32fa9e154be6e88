import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '../shared/errors';
import { authRequestFields } from '../shared/schemas/auth';
import * as schema from './db/schema';
import { AUTH_ROUTE_CATALOGUE, type AuthFuzzWorld, mountedAuthPaths } from './testing/auth-route-catalogue';
import { settleReplies } from './testing/consult';
import { ROUTE_CATALOGUE, type RouteRequest } from './testing/route-catalogue';
import { createTestApp, type TestApp } from './testing/test-app';
import { usingPostgres } from './testing/test-database';
import { isUiStream, parseUiStream, readFirstEvent } from './testing/ui-stream';
import { type Actor, buildWorld, type World } from './testing/world';
import { countWrites, writesSoFar } from './testing/write-counter';

/**
 * Property-based fuzzing of every API route: generated path parameters, query strings and bodies
 * (seeded, reproducible: FUZZ_SEED=<seed> replays a run). Every answer is a 2xx, or a 4xx with
 * `{ error: { code, message } }`; never a 5xx; a rejected request writes no row; an endless stream opens
 * with its ready event; a streamed answer carries no error and is stored. Better Auth's
 * routes are fuzzed the same way, a quarter as often: never a 5xx.
 */

/** Requests per route (costly routes get an eighth): 10,000+ in all. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS_PER_ROUTE ?? 220);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

let t: TestApp;
let world: World;
let requestsSent = 0;
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
      fc.oneof(
        fc.constantFrom(
          'q',
          'page',
          'cursor',
          'format',
          'ia',
          'actor',
          'target',
          'token',
          'callbackURL',
          'state',
        ),
        anyString,
      ),
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

/** A JSON-RPC error response, as the MCP routes answer. */
function isJsonRpcErrorBody(body: unknown): boolean {
  const error = (body as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } }).error;
  return (
    (body as { jsonrpc?: unknown }).jsonrpc === '2.0' &&
    typeof error?.code === 'number' &&
    typeof error.message === 'string'
  );
}

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

// Once per npm test, on PGlite: see docs/decisions/014-proof-suites.md.
describe.skipIf(usingPostgres())('fuzzing every route', () => {
  let authWorld: AuthFuzzWorld;
  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t);
    authWorld = { t, account: await t.createUser() };
    await countWrites(t.db);
    console.info(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED})`);
  });
  afterAll(async () => {
    console.info(`fuzz: ${requestsSent} generated requests`);
    await t.close();
  });

  it('counts a write that lands, and not one that is rolled back', async () => {
    const before = await writesSoFar(t.db);
    await world.clientOf('owner').post('/api/support/tickets', { message: 'Counted?' });
    expect(await writesSoFar(t.db)).toBeGreaterThan(before);
    const landed = await writesSoFar(t.db);
    await t.db
      .transaction(async (tx) => {
        await tx.insert(schema.waitlist).values({ email: 'rolled-back@example.com' });
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await writesSoFar(t.db)).toBe(landed);
  });

  for (const [key, routeCase] of Object.entries(ROUTE_CATALOGUE)) {
    const [method, routePath] = key.split(' ') as [string, string];
    // The account with the widest access that still passes the route's guard.
    const actor: Actor = routePath.startsWith('/admin') ? 'superAdmin' : 'owner';

    const runs = routeCase.costly ? Math.ceil(RUNS_PER_ROUTE / 8) : RUNS_PER_ROUTE;
    it(`${key}: never a 5xx, errors in the error shape, nothing written when refused`, {
      timeout: 600_000,
    }, async () => {
      const base = await routeCase.request(world, actor);
      await fc.assert(
        fc.asyncProperty(pathMutation, bodyArbitrary(base.body), async (mutatePath, body) => {
          const request = await routeCase.request(world, actor);
          const path = mutatePath(request.path);
          const mutating = method !== 'GET';
          const before = mutating ? await writesSoFar(t.db) : 0;
          const response = await send(method, request, actor, path, body);
          if (routeCase.eventStream && response.ok) {
            expect(await readFirstEvent(response), `${method} ${path} first event`).toMatch(
              /^event: ready\n/,
            );
            return;
          }
          const text = await response.text();
          if (isUiStream(response)) {
            // An answer carries no error and is stored: wait for it to land so no later run counts it.
            await settleReplies(t.db);
            const { chunks, text: answer } = parseUiStream(text);
            expect(
              chunks.filter((chunk) => chunk.type === 'error'),
              `${method} ${path} streamed`,
            ).toEqual([]);
            expect(answer, `${method} ${path} streamed no answer`).not.toBe('');
            expect((await writesSoFar(t.db)) - before, `${method} ${path} stored nothing`).toBeGreaterThan(0);
          }
          expect(
            response.status,
            `${method} ${path} → ${response.status} ${text.slice(0, 200)}`,
          ).toBeLessThan(500);
          if (response.status >= 400) {
            const isErrorBody = routeCase.jsonRpc ? isJsonRpcErrorBody : isApiErrorBody;
            expect(isErrorBody(JSON.parse(text)), `${method} ${path} error body: ${text.slice(0, 200)}`).toBe(
              true,
            );
            if (mutating) {
              const written = (await writesSoFar(t.db)) - before;
              expect(written, `${method} ${path} wrote ${written} rows despite ${response.status}`).toBe(0);
            }
          }
        }),
        { numRuns: runs, seed: SEED, endOnFailure: true },
      );
    });
  }

  it('has an entry for every route Better Auth serves', () => {
    expect(Object.keys(AUTH_ROUTE_CATALOGUE).sort()).toEqual(mountedAuthPaths(t.deps.auth).sort());
  });

  // Every field Better Auth stores or mails, oversized or not text, on every route: refused with 400
  // naming it, before anything is written. (Routes that sign up an account per request are left to
  // the generated requests below.)
  it('refuses an oversized or non-text value in any bounded field of an auth route, writing nothing', {
    timeout: 600_000,
  }, async () => {
    const badValues = [{ text: 'Maya' }, ['Maya'], 42, true, 'a'.repeat(5_000)];
    for (const [authPath, authCase] of Object.entries(AUTH_ROUTE_CATALOGUE)) {
      if (authCase.method !== 'POST' || authCase.costly) continue;
      for (const field of Object.keys(authRequestFields.shape)) {
        for (const value of badValues) {
          const request = await authCase.request(authWorld);
          const before = await writesSoFar(t.db);
          const body = { ...(request.body as object), [field]: value };
          const response = await send('POST', request, 'anonymous', request.path, body);
          const what = `${authPath} ${field}=${JSON.stringify(value).slice(0, 20)}`;
          expect(response.status, what).toBe(400);
          expect((await response.json()).error.field, what).toBe(field);
          expect((await writesSoFar(t.db)) - before, what).toBe(0);
        }
      }
    }
  });

  // Better Auth answers its own errors in its own shape; the property is that none is a 5xx.
  for (const [authPath, authCase] of Object.entries(AUTH_ROUTE_CATALOGUE)) {
    const runs = Math.ceil(RUNS_PER_ROUTE / (authCase.costly ? 8 : 4));
    it(`${authCase.method} /auth${authPath}: never a 5xx`, { timeout: 600_000 }, async () => {
      const base = await authCase.request(authWorld);
      await fc.assert(
        fc.asyncProperty(pathMutation, bodyArbitrary(base.body), async (mutatePath, body) => {
          const request = await authCase.request(authWorld);
          const path = mutatePath(request.path);
          const response = await send(authCase.method, request, 'anonymous', path, body);
          const text = await response.text();
          expect(
            response.status,
            `${authCase.method} ${path} → ${response.status} ${text.slice(0, 200)}`,
          ).toBeLessThan(500);
        }),
        { numRuns: runs, seed: SEED, endOnFailure: true },
      );
    });
  }
});
