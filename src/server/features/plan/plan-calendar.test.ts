import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCalendarFeeds } from '../../db/schema';
import { RATE_LIMITS } from '../../http/rate-limit';
import { insertPlanItem } from '../../testing/plan';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Address {
  url: string;
  webcalUrl: string;
}

const subscribe = (user: TestUser) =>
  user.client.json<Address>('/api/plan/calendar', { method: 'POST' }, 201);

/** The feed as a calendar app reads it: no cookie, from its own address. */
async function readFeed(url: string, ip = '198.51.100.7') {
  return t.client(ip).get(new URL(url).pathname);
}

async function eventsOf(url: string) {
  const response = await readFeed(url);
  expect(response.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]);
  return calendar
    .getAllSubcomponents('vevent')
    .map((vevent) => new ICAL.Event(vevent))
    .map((event) => [event.summary, event.startDate.toString()]);
}

describe('the plan in a calendar app', () => {
  it('gives a private https and webcal address whose feed follows the plan as steps change', async () => {
    const user = await t.createOnboardedUser();
    const call = await insertPlanItem(t.db, user.id, { title: 'Call ten regulars', dueDate: '2031-03-04' });
    await insertPlanItem(t.db, user.id, { title: 'No date yet' });
    await insertPlanItem(t.db, user.id, { title: 'Old idea', status: 'dropped', dueDate: '2031-03-01' });

    const address = await subscribe(user);
    expect(address.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(address.webcalUrl).toBe(address.url.replace(/^http:/, 'webcal:'));
    expect(await eventsOf(address.url)).toEqual([['Call ten regulars', '2031-03-04']]);

    await user.client.json(`/api/plan/items/${call.id}`, {
      method: 'PATCH',
      json: { dueDate: '2031-03-09' },
    });
    await user.client.json(
      '/api/plan/items',
      {
        method: 'POST',
        json: { items: [{ title: 'Print flyers', why: '', dueDate: '2031-03-05' }] },
      },
      201,
    );
    expect(await eventsOf(address.url)).toEqual([
      ['Call ten regulars', '2031-03-09'],
      ['Print flyers', '2031-03-05'],
    ]);

    await user.client.json(`/api/plan/items/${call.id}`, { method: 'PATCH', json: { status: 'done' } });
    expect(await eventsOf(address.url)).toEqual([['Print flyers', '2031-03-05']]);
  });

  it('keeps only a hash of the token, and says whether an address is live', async () => {
    const user = await t.createOnboardedUser();
    expect(await user.client.json('/api/plan/calendar')).toEqual({ subscribed: false, createdAt: null });
    const { url } = await subscribe(user);
    const token = /calendar\/(.+)\.ics$/.exec(url)![1]!;
    const [row] = await t.db.select().from(planCalendarFeeds).where(eq(planCalendarFeeds.userId, user.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toContain(token);
    expect(await user.client.json('/api/plan/calendar')).toMatchObject({ subscribed: true });
  });

  it('stops the old address at once when reset, and every address when stopped', async () => {
    const user = await t.createOnboardedUser();
    const first = await subscribe(user);
    const second = await subscribe(user);
    expect(second.url).not.toBe(first.url);
    const refused = await readFeed(first.url);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { code: 'not_found' } });
    expect((await readFeed(second.url)).status).toBe(200);

    await user.client.json('/api/plan/calendar', { method: 'DELETE' });
    expect((await readFeed(second.url)).status).toBe(404);
    expect(await user.client.json('/api/plan/calendar')).toEqual({ subscribed: false, createdAt: null });
  });

  it('answers 404 to a wrong or malformed token, and never reads or sets a session', async () => {
    const user = await t.createOnboardedUser();
    const { url } = await subscribe(user);
    const path = new URL(url).pathname;
    for (const wrong of [
      path.replace(/[A-Za-z0-9_-](?=\.ics$)/, (c) => (c === 'A' ? 'B' : 'A')),
      path.replace('.ics', ''),
      '/api/calendar/short.ics',
      `/api/calendar/${'x'.repeat(200)}.ics`,
    ]) {
      expect((await t.client().get(wrong)).status, wrong).toBe(404);
    }
    // Even a browser that sends its session cookie gets the feed alone: no cookie is renewed.
    const withCookie = await user.client.get(path);
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get('content-type')).toContain('text/calendar');
    expect(withCookie.headers.getSetCookie()).toEqual([]);
  });

  it('is limited per client address, with a standard Retry-After', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
    try {
      const { perIp } = RATE_LIMITS['calendar-feed'];
      const guess = () => limited.client('203.0.113.77').get('/api/calendar/wrong.ics');
      for (let i = 0; i < perIp; i++) expect((await guess()).status).toBe(404);
      const refused = await guess();
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await limited.client('203.0.113.78').get('/api/calendar/wrong.ics')).status).toBe(404);
    } finally {
      await limited.close();
    }
  });

  it('keeps the address behind the onboarding gates', async () => {
    const fresh = await t.createUser();
    const gated = await fresh.client.request('/api/plan/calendar', { method: 'POST' });
    expect(gated.status).toBe(403);
    expect(await t.db.select().from(planCalendarFeeds).where(eq(planCalendarFeeds.userId, fresh.id))).toEqual(
      [],
    );
  });
});
