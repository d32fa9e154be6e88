import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../testing/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';
import { MISSING_ORIGIN_MESSAGE } from './origin-check';

/** An app on these settings, for the tests of the describe block that calls this. */
function appOn(env: Record<string, string>) {
  const app = {} as { t: TestApp };
  beforeAll(async () => {
    app.t = await createTestApp(env);
  });
  afterAll(() => app.t.close());
  /** A sign-up posted from a page at `origin`, as the browser sends it. */
  return (origin: string) =>
    app.t.client().request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: uniqueEmail(), password: TEST_PASSWORD, name: '' },
      headers: { origin },
    });
}

describe('without BASE_URL: the app opened on this machine', () => {
  const signUpFrom = appOn({ BASE_URL: '', PORT: '3000' });

  it('accepts forms from every loopback name of its port', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']) {
      expect((await signUpFrom(origin)).status, origin).toBe(200);
    }
  });

  it('refuses another port, another scheme and the LAN address, saying BASE_URL must name it', async () => {
    for (const origin of ['http://127.0.0.1:3001', 'https://localhost:3000', 'http://192.168.1.20:3000']) {
      const response = await signUpFrom(origin);
      expect(response.status, origin).toBe(403);
      expect(await response.json()).toEqual({
        error: {
          code: 'forbidden',
          message: `Cross-site request refused: ${origin} is not this app's address (http://localhost:3000): BASE_URL must name the address users open`,
        },
      });
    }
  });
});

describe('with a loopback BASE_URL', () => {
  const signUpFrom = appOn({ BASE_URL: 'http://127.0.0.1:3000' });

  it('still takes forms from the other loopback names of its port, and from no other port', async () => {
    for (const origin of ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000']) {
      expect((await signUpFrom(origin)).status, origin).toBe(200);
    }
    expect((await signUpFrom('http://localhost:3001')).status).toBe(403);
  });
});

describe('with BASE_URL naming another address', () => {
  const signUpFrom = appOn({ BASE_URL: 'https://app.example.com' });

  it('accepts only that origin: a loopback one is another site', async () => {
    expect((await signUpFrom('https://app.example.com')).status).toBe(200);
    const loopback = await signUpFrom('http://127.0.0.1:3000');
    expect(loopback.status).toBe(403);
    expect((await loopback.json()).error.message).toContain('BASE_URL must name the address users open');
  });
});

describe('the log of refused origins', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { BASE_URL: 'https://app.example.com', LOG_LEVEL: 'warn' },
      { logTo: { write: (line: string) => void lines.push(line) } },
    );
  });
  afterAll(() => t.close());
  const postFrom = (origin: string) =>
    t.client().request('/api/waitlist', { method: 'POST', json: {}, headers: { origin } });
  const refusalsOf = (origin: string) =>
    lines.filter((line) => (JSON.parse(line) as { origin?: string }).origin === origin).length;

  it('names each origin once, and again once a flood of forged origins has pushed it out', async () => {
    const lan = 'http://192.168.1.20:3000';
    await postFrom(lan);
    await postFrom(lan);
    expect(refusalsOf(lan)).toBe(1);
    for (let i = 0; i < 100; i += 1) await postFrom(`https://forged-${i}.example`);
    await postFrom(lan);
    expect(refusalsOf(lan)).toBe(2);
  });

  it('quotes an origin up to 200 characters, in the log and in the answer', async () => {
    const long = `https://${'a'.repeat(5000)}.example`;
    const response = await postFrom(long);
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toContain(`${long.slice(0, 200)} is not`);
    expect(refusalsOf(long.slice(0, 200))).toBe(1);
    expect(lines.join('')).not.toContain(long.slice(0, 201));
  });
});

describe('a state-changing request that names no origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  /** As a script or another machine sends it: no Origin, perhaps a Sec-Fetch-Site. */
  const send = (method: string, path: string, headers: Record<string, string> = {}) =>
    t.app.request(path, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: method === 'GET' ? undefined : JSON.stringify({ email: uniqueEmail('no-origin') }),
    });

  it('is refused on our routes unless Sec-Fetch-Site says same-origin', async () => {
    for (const [method, path] of [
      ['POST', '/api/waitlist'],
      ['PUT', '/api/profile'],
      ['PATCH', '/api/chats/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/account'],
    ] as const) {
      const refused = await send(method, path);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(await refused.json()).toEqual({ error: { code: 'forbidden', message: MISSING_ORIGIN_MESSAGE } });
      expect((await send(method, path, { 'sec-fetch-site': 'none' })).status).toBe(403);
    }
    expect((await send('POST', '/api/waitlist', { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await send('GET', '/api/health')).status).toBe(200);
  });

  it('still reaches the routes other machines call: the signed webhook, one-click unsubscribes, Better Auth', async () => {
    const webhook = await send('POST', '/api/billing/webhook');
    expect(webhook.status).not.toBe(403);
    const token = 'x'.repeat(32);
    for (const path of [
      `/api/suggestions/unsubscribe?token=${token}`,
      `/api/plan/check-in/unsubscribe?token=${token}`,
      `/api/suggestions/weekly-mail/unsubscribe?token=${token}`,
    ]) {
      expect((await send('POST', path)).status, path).not.toBe(403);
    }
    const signIn = await t.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('script'), password: TEST_PASSWORD }),
    });
    expect(signIn.status).toBe(401);
  });
});
