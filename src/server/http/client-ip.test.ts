import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_IP_HEADER } from '../auth/auth';
import { requestLimits } from '../db/schema';
import { uniqueEmail } from '../testing/fixtures';
import { createTestApp, type TestApp } from '../testing/test-app';

/** The client addresses the waitlist's limit counted (the limit keys each one as `ip:<address>`). */
async function joinAndSeeCountedAddress(t: TestApp, socketIp: string, headers: Record<string, string>) {
  const response = await t.client(socketIp).request('/api/waitlist', {
    method: 'POST',
    json: { email: uniqueEmail('ip') },
    headers,
  });
  expect(response.status).toBe(200);
  const rows = await t.db.select().from(requestLimits).where(eq(requestLimits.action, 'waitlist'));
  return rows.map((row) => row.subject.replace(/^ip:/, '')).sort();
}

const FORGED = {
  'x-forwarded-for': '192.0.2.77, 192.0.2.78',
  'x-real-ip': '192.0.2.79',
  [CLIENT_IP_HEADER]: '192.0.2.80',
};

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'false' });
  });
  afterAll(() => t.close());

  it('counts the socket’s address: a forged X-Forwarded-For, X-Real-IP or our own header is ignored', async () => {
    expect(await joinAndSeeCountedAddress(t, '198.51.100.10', FORGED)).toEqual(['198.51.100.10']);
  });

  it('so forged headers do not get round the sign-in limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await t.client('198.51.100.11').request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: `nobody-${i}@example.com`, password: 'wrong-password' },
        headers: { 'x-forwarded-for': `192.0.2.${i}`, [CLIENT_IP_HEADER]: `192.0.2.${100 + i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('with TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: 'true' });
  });
  afterAll(() => t.close());

  it('counts only the last X-Forwarded-For hop (the one our proxy added), never the hops a client wrote', async () => {
    const counted = await joinAndSeeCountedAddress(t, '10.0.0.2', {
      ...FORGED,
      'x-forwarded-for': '192.0.2.77, 203.0.113.7',
    });
    expect(counted).toEqual(['203.0.113.7']);
  });

  it('so varying the earlier hops does not get round the sign-in limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await t.client('10.0.0.2').request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: `nobody-${i}@example.com`, password: 'wrong-password' },
        headers: { 'x-forwarded-for': `192.0.2.${i}, 203.0.113.8` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('falls back to the socket’s address when no proxy hop is given', async () => {
    const counted = await joinAndSeeCountedAddress(t, '10.0.0.3', {});
    expect(counted).toContain('10.0.0.3');
  });
});
