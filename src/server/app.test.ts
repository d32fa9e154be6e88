import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the API shell', () => {
  it('answers health once the database is migrated', async () => {
    const response = await t.client().get('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers /api/me with 401 and the error body when signed out', async () => {
    const response = await t.client().get('/api/me');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      error: { code: 'unauthenticated', message: 'You need to sign in first' },
    });
  });

  it('returns the signed-in user with role, plan and gate state', async () => {
    const user = await t.createUser({ name: 'Maya Okafor' });
    const me = await user.client.json('/api/me');
    expect(me).toMatchObject({
      id: user.id,
      email: user.email,
      name: 'Maya Okafor',
      firstName: 'Maya',
      lastName: 'Okafor',
      role: 'user',
      plan: null,
      gate: 'complete-profile',
      hasPassword: true,
    });
    const onboarded = await t.createOnboardedUser();
    expect(await onboarded.client.json('/api/me')).toMatchObject({
      gate: 'passed',
      plan: { id: 'free', name: 'Free' },
    });
    const profiled = await t.createUser({ profile: true });
    expect(await profiled.client.json('/api/me')).toMatchObject({ gate: 'onboarding', plan: null });
    const admin = await t.createUser({ profile: true, role: 'admin' });
    expect(await admin.client.json('/api/me')).toMatchObject({ gate: 'passed', role: 'admin' });
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.client().get('/api/nothing-here');
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('not_found');
  });

  it('keeps Better Auth admin endpoints closed: admin actions go through audited routes', async () => {
    const boss = await t.createUser({ role: 'super_admin' });
    const victim = await t.createUser();
    const response = await boss.client.post('/api/auth/admin/set-role', {
      userId: victim.id,
      role: 'super_admin',
    });
    expect(response.status).toBe(404);
  });

  it('answers a body over the limit with 413 and a JSON error', async () => {
    const response = await t
      .client()
      .post('/api/auth/sign-in/email', { email: 'a@b.co', password: 'x'.repeat(4 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('payload_too_large');
  });

  it('refuses a state-changing call from another site', async () => {
    const response = await t.client().request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'a@b.co', password: 'whatever1' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    const fetchSite = await t.client().request('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'a@b.co', password: 'whatever1' },
      headers: { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000' },
    });
    expect(fetchSite.status).toBe(403);
  });

  it('sends security headers and a request id on every response', async () => {
    const response = await t.client().get('/api/health');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src [^;]*'self'/);
    expect(csp).not.toMatch(/script-src [^;]*'unsafe-inline'/);
    // Images from our own origin and YouTube's stills only: no other site is ever called by an <img>.
    expect(csp).toContain(
      "img-src 'self' https://i.ytimg.com https://img.youtube.com https://yt3.googleusercontent.com https://yt3.ggpht.com;",
    );
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('tells the browser only public settings', async () => {
    const response = await t.client().get('/api/config');
    expect(await response.json()).toEqual({
      demoVideoUrl: null,
      googleSignIn: false,
      supportWidgetScriptUrl: null,
      youtubeIframeApiUrl: 'https://www.youtube.com/iframe_api',
      billingProvider: 'local',
    });
  });

  it('frames players from youtube-nocookie.com only, and runs the IFrame API script from its configured origin', async () => {
    const csp = (await t.client().get('/api/health')).headers.get('content-security-policy')!;
    expect(csp).toContain(
      'frame-src https://js.stripe.com https://checkout.stripe.com https://www.youtube-nocookie.com;',
    );
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.youtube\.com[ ;]/);

    const elsewhere = await createTestApp({ YOUTUBE_IFRAME_API_URL: 'http://127.0.0.1:4567/iframe_api' });
    try {
      const response = await elsewhere.client().get('/api/config');
      expect((await response.json()).youtubeIframeApiUrl).toBe('http://127.0.0.1:4567/iframe_api');
      const policy = response.headers.get('content-security-policy')!;
      expect(policy).toMatch(/script-src [^;]*http:\/\/127\.0\.0\.1:4567[ ;]/);
      expect(policy).not.toMatch(/script-src [^;]*youtube\.com/);
    } finally {
      await elsewhere.close();
    }
  });

  it('names DEMO_VIDEO_URL as the demo when set (unset, the page plays the recorded one)', async () => {
    const withVideo = await createTestApp({ DEMO_VIDEO_URL: 'https://videos.example.com/demo.mp4' });
    try {
      const config = await withVideo.client().json('/api/config');
      expect(config.demoVideoUrl).toBe('https://videos.example.com/demo.mp4');
    } finally {
      await withVideo.close();
    }
  });
});
