import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres } from '../../scripts/lib/postgres.mjs';
import { openDatabase } from '../../src/server/db/client';
import { createTestApp, type TestApp } from '../../src/server/testing/test-app';

/**
 * The server survives its PostgreSQL restarting under light load: requests during the outage get a
 * clear 503, later ones succeed, and nothing is half-written.
 */
let postgres: Awaited<ReturnType<typeof startPostgres>>;
let t: TestApp;

beforeAll(async () => {
  // Durable: a crash must lose nothing that was committed, as on a production server.
  postgres = await startPostgres({ log: () => {}, durable: true });
  const database = await openDatabase({ url: postgres.url, poolSize: 4 });
  t = await createTestApp({}, { database });
});
afterAll(async () => {
  await t?.close().catch(() => {});
  postgres?.stop();
});

describe('PostgreSQL restarting', () => {
  it('answers 503 during the outage and recovers without a restart of the app', async () => {
    const user = await t.createOnboardedUser();
    expect((await user.client.get('/api/me')).status).toBe(200);

    postgres.crash();
    const during = await Promise.all([
      user.client.get('/api/me'),
      t.client().get('/api/health'),
      t.client().post('/api/auth/sign-in/email', { email: user.email, password: user.password }),
      t.client().post('/api/auth/sign-up/email', {
        email: 'during-outage@example.com',
        // Strong enough to pass the password check, which needs no database, so the sign-up reaches it.
        password: 'a-quiet-harbour-at-dawn-41',
        name: '',
      }),
    ]);
    for (const response of during) {
      expect(response.status).toBe(503);
      const body = await response.json();
      expect(body.error.code).toBe('service_unavailable');
      expect(response.headers.get('retry-after')).toBe('5');
    }

    postgres.start();
    let recovered = 0;
    for (let attempt = 0; attempt < 50 && recovered === 0; attempt++) {
      const response = await t.client().get('/api/health');
      if (response.status === 200) recovered = attempt + 1;
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBeGreaterThan(0);
    expect(await user.client.json('/api/me')).toMatchObject({ email: user.email, gate: 'passed' });
    const again = t.client();
    expect(
      (await again.post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status,
    ).toBe(200);
  });
});
