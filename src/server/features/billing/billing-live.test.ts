import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { readEventStream, subscribeWithTestCard } from '../../testing/billing';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { openTestDatabase, usingPostgres } from '../../testing/test-database';

/**
 * Two app processes on one PostgreSQL (two apps, two connection pools, one database): a change made
 * through one reaches a browser streaming from the other, through LISTEN/NOTIFY. PGlite serves one
 * process only, so this runs in the PostgreSQL pass of the suite.
 */
describe.skipIf(!usingPostgres())('live billing updates across processes', () => {
  let first: TestApp;
  let second: TestApp;

  beforeAll(async () => {
    const database = await openTestDatabase();
    first = await createTestApp({}, { database });
    second = await createTestApp({}, { database: await openDatabase({ url: database.url!, poolSize: 2 }) });
  });
  afterAll(async () => {
    await second.close();
    await first.close();
  });

  it('a cancellation on one process reaches the event stream served by the other', async () => {
    const user = await first.createUser({ profile: true });
    await subscribeWithTestCard(user);
    const { subscription } = await user.client.json('/api/billing/subscription');

    const cookie = user.client.cookieHeader();
    const stream = await second.app.request('/api/billing/events', { headers: { cookie } });
    expect(stream.status).toBe(200);
    const events = readEventStream(stream);
    await events.until('event: ready');
    await user.client.json('/api/billing/subscription/cancel', {
      method: 'POST',
      json: { subscriptionId: subscription.id },
    });
    await events.until('event: subscription');
    await events.close();
  });
});
