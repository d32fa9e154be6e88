import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestLimits } from '../db/schema';
import { settleReplies } from '../testing/consult';
import { expectRateLimited, setCounter } from '../testing/rate-limits';
import { ROUTE_CATALOGUE, type RouteRequest } from '../testing/route-catalogue';
import { routeTable } from '../testing/route-table';
import { createTestApp, type TestApp } from '../testing/test-app';
import { isUiStream } from '../testing/ui-stream';
import { UNLIMITED_WRITES } from '../testing/unlimited-writes';
import { buildWorld, type World } from '../testing/world';
import { RATE_LIMITS, type RateLimitedAction } from './rate-limit';

/**
 * The table of limited routes, read from the code: which routes count which limit comes from the app's
 * route table (each `rateLimit` middleware knows its limit), the limits from RATE_LIMITS, and a valid
 * request for each route from the route catalogue. A new limit without a route, a route that writes
 * without a limit or a written reason, and a limited route that does not refuse all fail here by name.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
});
afterAll(() => t.close());

/** The counters of one limit, as 'user:…' and 'ip:…' subjects. */
const countersOf = (action: string) =>
  t.db
    .select({ subject: requestLimits.subject, count: requestLimits.count })
    .from(requestLimits)
    .where(eq(requestLimits.action, action));

const clearCounters = (action: string) => t.db.delete(requestLimits).where(eq(requestLimits.action, action));

describe('every limited route, read from the app’s route table', () => {
  let world: World;
  let routes: Map<string, RateLimitedAction | undefined>;
  beforeAll(async () => {
    world = await buildWorld(t);
    routes = routeTable(t.deps);
  });
  // Each limit starts from empty counters, whatever the one before left.
  beforeEach(async () => {
    await t.db.delete(requestLimits);
  });

  async function send(key: string, request: RouteRequest) {
    const response = await (request.client ?? world.clientOf('owner')).request(request.path, {
      method: key.split(' ')[0]!,
      ...(request.body === undefined ? {} : { json: request.body }),
    });
    // A streamed answer is read to its end and saved before the next request.
    const body = await response.clone().text();
    if (isUiStream(response)) await settleReplies(t.db);
    return { response, body };
  }

  /**
   * Sends the route's catalogue request as its owner: under the limit it is answered as the catalogue
   * expects and counted per user and per address; with either counter full, the next is refused with 429.
   */
  async function drivePastLimits(key: string, action: RateLimitedAction) {
    const routeCase = ROUTE_CATALOGUE[key];
    expect(routeCase, `${key} counts '${action}' but has no request in ROUTE_CATALOGUE`).toBeDefined();
    const rule = RATE_LIMITS[action];
    const firstRequest = await routeCase!.request(world, 'owner');
    const first = await send(key, firstRequest);
    expect(first.response.status, `${key} under its limit: ${first.body.slice(0, 160)}`).toBe(
      routeCase!.expected.owner,
    );
    // A route that ends its own account takes the account's counter with it: only the address's is
    // left to read here (account.test.ts checks the user's).
    const perUserCounted = rule.perUser !== null && !routeCase!.endsAccount;
    const counters = await countersOf(action);
    expect(counters.map(({ subject }) => subject.split(':')[0]).sort(), `${key} counters`).toEqual(
      perUserCounted ? ['ip', 'user'] : ['ip'],
    );
    for (const { subject } of counters) {
      const kind = subject.startsWith('user:') ? 'user' : 'address';
      // A request sent as an account of its own counts against that account: ask again as it.
      const request =
        kind === 'user' && firstRequest.client ? firstRequest : await routeCase!.request(world, 'owner');
      await clearCounters(action);
      await setCounter(t.db, { action, subject, count: kind === 'user' ? rule.perUser! : rule.perIp });
      const { response } = await send(key, request);
      await expectRateLimited(
        response,
        rule.windowSeconds,
        `${key} past its per-${kind} limit of '${action}'`,
      );
    }
    await clearCounters(action);
  }

  it('every route that writes counts a limit, or UNLIMITED_WRITES says why it needs none', () => {
    const problems: string[] = [];
    for (const [key, action] of routes) {
      if (!key.startsWith('GET ') && !action && !(key in UNLIMITED_WRITES)) {
        problems.push(
          `${key} writes without a rate limit: add rateLimit(deps, …) or its reason to UNLIMITED_WRITES`,
        );
      }
    }
    for (const key of Object.keys(UNLIMITED_WRITES)) {
      if (!routes.has(key)) problems.push(`${key} in UNLIMITED_WRITES is no route of the app`);
      else if (routes.get(key))
        problems.push(`${key} counts '${routes.get(key)}': remove it from UNLIMITED_WRITES`);
    }
    expect(problems).toEqual([]);
  });

  for (const action of Object.keys(RATE_LIMITS) as RateLimitedAction[]) {
    it(`'${action}': each route counting it answers 429 with Retry-After past its per-user and per-address limits`, async () => {
      const limited = [...routes].filter(([, counted]) => counted === action).map(([key]) => key);
      expect(
        limited,
        `RATE_LIMITS['${action}'] is counted on no route: add rateLimit(deps, '${action}') to its route`,
      ).not.toEqual([]);
      for (const key of limited) await drivePastLimits(key, action);
    });
  }
});
