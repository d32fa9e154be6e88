import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
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
    const { url } = await user.client.json('/api/billing/checkout', {
      method: 'POST',
      json: { planId: 'pro' },
    });
    const sessionId = new URL(url).searchParams.get('session')!;
    await user.client.json(`/api/billing/test-checkout/${sessionId}/complete`, {
      method: 'POST',
      json: { name: 'Maya', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' },
    });
    const { subscription } = await user.client.json('/api/billing/subscription');

    const cookie = [...user.client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const stream = await second.app.request('/api/billing/events', { headers: { cookie } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const readUntil = async (text: string) => {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${text}`);
        received += value;
      }
    };
    await readUntil('event: ready');
    await user.client.json('/api/billing/subscription/cancel', {
      method: 'POST',
      json: { subscriptionId: subscription.id },
    });
    await readUntil('event: subscription');
    await reader.cancel();
  });
});
