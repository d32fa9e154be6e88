import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, outboxEmails, sessions, users } from '../db/schema';
import { uniqueEmail } from '../testing/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPER_ADMIN_EMAILS: 'Boss@Example.com, second@example.com' });
});
afterAll(() => t.close());

async function signUp(email: string, name = '') {
  const client = t.client();
  const response = await client.post('/api/auth/sign-up/email', {
    email,
    password: TEST_PASSWORD,
    name,
    callbackURL: '/dashboard',
  });
  return { client, response };
}

describe('sign-up and e-mail verification', () => {
  it('creates an unverified user named after the e-mail and mails a confirmation link', async () => {
    const email = uniqueEmail('maya');
    const { response, client } = await signUp(email);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.token).toBeNull(); // no session until the address is confirmed
    expect(client.cookies.size).toBe(0);

    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const localPart = email.split('@')[0]!;
    expect(user).toMatchObject({ emailVerified: false, role: 'user', name: `M${localPart.slice(1)}` });

    const mails = await t.mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(['verification']);
    expect(mails[0]!.text).toContain('/api/auth/verify-email?token=');
  });

  it('keeps a given name', async () => {
    const email = uniqueEmail();
    await signUp(email, 'Maya Okafor');
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: 'Maya Okafor', firstName: 'Maya', lastName: 'Okafor' });
  });

  it('refuses password sign-in before the address is confirmed', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const client = t.client();
    const response = await client.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(response.status).toBe(403);
    expect(client.cookies.size).toBe(0);
  });

  it('the confirmation link signs the user in and lands on /dashboard, then welcome is mailed once', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const browser = t.client();
    const link = await t.linkFromMail(email, 'verification');
    const response = await browser.get(t.pathOf(link));
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!, 'http://x').pathname).toBe('/dashboard');
    expect(browser.cookies.size).toBeGreaterThan(0);

    const me = await browser.json('/api/me');
    expect(me).toMatchObject({
      email,
      role: 'user',
      emailVerified: true,
      gate: 'complete-profile',
      plan: null,
    });

    // A second sign-in does not send the welcome mail again.
    const again = t.client();
    expect((await again.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status).toBe(
      200,
    );
    const kinds = (await t.mailsTo(email)).map((m) => m.kind);
    expect(kinds.filter((k) => k === 'welcome')).toHaveLength(1);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user!.welcomeEmailSent).toBe(true);
  });

  it('grants super admin at sign-up to SUPER_ADMIN_EMAILS, case-insensitively', async () => {
    await signUp('boss@example.com');
    const [boss] = await t.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(boss!.role).toBe('super_admin');
  });

  it('rejects a password under 6 characters and a malformed e-mail without creating a user', async () => {
    const email = uniqueEmail();
    const client = t.client();
    const short = await client.post('/api/auth/sign-up/email', { email, password: '12345', name: '' });
    expect(short.status).toBe(400);
    const bad = await client.post('/api/auth/sign-up/email', {
      email: 'not-an-email',
      password: TEST_PASSWORD,
      name: '',
    });
    expect(bad.status).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe('sign-in and sign-out', () => {
  it('sets an httpOnly SameSite=Lax session cookie and clears it on sign-out', async () => {
    const user = await t.createUser();
    const client = t.client();
    const response = await client.post('/api/auth/sign-in/email', {
      email: user.email,
      password: user.password,
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain http in tests; Secure behind HTTPS

    expect((await client.get('/api/me')).status).toBe(200);
    expect((await client.post('/api/auth/sign-out')).status).toBe(200);
    expect((await client.get('/api/me')).status).toBe(401);
  });

  it('refuses a wrong password', async () => {
    const user = await t.createUser();
    const response = await t
      .client()
      .post('/api/auth/sign-in/email', { email: user.email, password: 'wrong-password' });
    expect(response.status).toBe(401);
  });

  it('refuses a cross-site POST with cookies (CSRF origin check)', async () => {
    const user = await t.createUser();
    const response = await user.client.request('/api/auth/sign-out', {
      method: 'POST',
      json: {},
      headers: { origin: 'https://evil.example' },
    });
    expect(response.status).toBe(403);
    expect((await user.client.get('/api/me')).status).toBe(200);
  });
});

describe('forgotten password', () => {
  it('mails a reset link that leads to /dashboard/reset-password and sets the new password', async () => {
    const user = await t.createUser();
    const client = t.client();
    const request = await client.post('/api/auth/request-password-reset', {
      email: user.email,
      redirectTo: '/dashboard/reset-password',
    });
    expect(request.status).toBe(200);
    const link = await t.linkFromMail(user.email, 'password-reset');
    const landing = await client.get(t.pathOf(link));
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location')!, 'http://x');
    expect(target.pathname).toBe('/dashboard/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await client.post('/api/auth/reset-password', { newPassword: 'brand-new-pass', token });
    expect(reset.status).toBe(200);
    // Old sessions end at once for every request that changes something (a plain read may still be
    // answered from the cached session for SESSION_CACHE_SECONDS, decision 072); the old password no
    // longer works; the new one does.
    expect((await user.client.patch('/api/account/settings', { timeZone: 'Europe/Paris' })).status).toBe(401);
    expect(
      (await t.client().post('/api/auth/sign-in/email', { email: user.email, password: user.password }))
        .status,
    ).toBe(401);
    expect(
      (await t.client().post('/api/auth/sign-in/email', { email: user.email, password: 'brand-new-pass' }))
        .status,
    ).toBe(200);
    // The token works once.
    expect(
      (await client.post('/api/auth/reset-password', { newPassword: 'another-lantern-river-7', token }))
        .status,
    ).toBe(400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await t
      .client()
      .post('/api/auth/request-password-reset', { email, redirectTo: '/dashboard/reset-password' });
    expect(response.status).toBe(200);
    expect(await t.mailsTo(email)).toHaveLength(0);
  });
});

describe('magic link and one-time code', () => {
  it('signs in an existing user with a magic link', async () => {
    const user = await t.createUser();
    const client = t.client();
    expect(
      (await client.post('/api/auth/sign-in/magic-link', { email: user.email, callbackURL: '/dashboard' }))
        .status,
    ).toBe(200);
    const link = await t.linkFromMail(user.email, 'magic-link');
    const response = await client.get(t.pathOf(link));
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location')!, 'http://x').pathname).toBe('/dashboard');
    expect((await client.json('/api/me')).email).toBe(user.email);
    // The link works once.
    expect((await t.client().get(t.pathOf(link))).headers.get('location')).toMatch(/error/);
  });

  it('signs in with an e-mailed one-time code, and refuses a wrong one', async () => {
    const user = await t.createUser();
    const client = t.client();
    expect(
      (await client.post('/api/auth/email-otp/send-verification-otp', { email: user.email, type: 'sign-in' }))
        .status,
    ).toBe(200);
    const mail = (await t.mailsTo(user.email)).find((m) => m.kind === 'one-time-code:sign-in');
    const code = mail?.text.match(/\b\d{6}\b/)?.[0];
    expect(code).toBeTruthy();
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await client.post('/api/auth/sign-in/email-otp', { email: user.email, otp: wrong })).status).toBe(
      400,
    );
    expect((await client.post('/api/auth/sign-in/email-otp', { email: user.email, otp: code })).status).toBe(
      200,
    );
    expect((await client.json('/api/me')).email).toBe(user.email);
  });

  it('removes the password of a never-verified account signed into by magic link (pre-registration takeover guard)', async () => {
    const email = uniqueEmail();
    await signUp(email);
    const [before] = await t.db.select().from(users).where(eq(users.email, email));
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, before!.id))).toHaveLength(1);

    const client = t.client();
    await client.post('/api/auth/sign-in/magic-link', { email, callbackURL: '/dashboard' });
    await client.get(t.pathOf(await t.linkFromMail(email, 'magic-link')));
    const me = await client.json('/api/me');
    expect(me).toMatchObject({ email, emailVerified: true, hasPassword: false });
    expect(await t.db.select().from(accounts).where(eq(accounts.userId, before!.id))).toHaveLength(0);
    expect(
      (await t.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD })).status,
    ).toBe(401);
  });
});

describe('rate limits', () => {
  it('limits repeated sign-in attempts from one address with 429', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
    try {
      const client = limited.client('203.0.113.9');
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        // A different account each time: one account pauses sooner (http/rate-limit.test.ts).
        const response = await client.post('/api/auth/sign-in/email', {
          email: `x-${i}@example.com`,
          password: 'wrong-password',
        });
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
      // Another address is not affected.
      const other = limited.client('203.0.113.10');
      expect(
        (await other.post('/api/auth/sign-in/email', { email: 'x@example.com', password: 'wrong-password' }))
          .status,
      ).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('changing the password', () => {
  it('checks the current password at most 5 times an hour, as deleting the account does', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
    try {
      const user = await limited.createUser();
      const guess = (password: string) =>
        user.client.post('/api/auth/change-password', {
          currentPassword: password,
          newPassword: 'a-brand-new-passphrase-73',
        });
      for (let i = 0; i < 5; i++) expect((await guess(`wrong-guess-${i}`)).status).not.toBe(429);
      const refused = await guess(user.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('sessions live in the database', () => {
  it('stores a session row per sign-in and deletes it on sign-out', async () => {
    const user = await t.createUser();
    const count = async () => (await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).length;
    expect(await count()).toBe(1);
    await user.client.post('/api/auth/sign-out');
    expect(await count()).toBe(0);
    expect(
      await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, user.email)),
    ).not.toHaveLength(0);
  });

  it("Better Auth's own lookup reads a session together with its user in one query", async () => {
    const user = await t.createUser();
    const cookie = user.client.cookieHeader();
    const sessionWithUser = vi.spyOn(t.db.query.sessions, 'findFirst');
    try {
      // The lookup a request that changes something makes (a plain read may find the session cached).
      const result = await t.deps.auth.api.getSession({
        headers: new Headers({ cookie }),
        query: { disableCookieCache: true },
      });
      expect(result?.user.id).toBe(user.id);
      expect(sessionWithUser).toHaveBeenCalledTimes(1);
      expect(sessionWithUser.mock.calls[0]![0]).toMatchObject({ with: { user: true } });
    } finally {
      sessionWithUser.mockRestore();
    }
  });
});

describe('text the database cannot hold (a NUL character)', () => {
  const refusal = (field: string) => ({
    error: {
      code: 'invalid_input',
      message: `${field}: Text cannot contain the NUL character (U+0000)`,
      field,
    },
  });

  it('is refused by update-user with 400 naming the field, and changes nothing', async () => {
    const user = await t.createUser({ name: 'Maya Okafor' });
    for (const field of ['name', 'firstName', 'lastName', 'image']) {
      const response = await user.client.post('/api/auth/update-user', { [field]: 'Maya\u0000' });
      expect(response.status, field).toBe(400);
      expect(await response.json(), field).toEqual(refusal(field));
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Maya Okafor', firstName: 'Maya', lastName: 'Okafor', image: null });
  });

  it('is refused by sign-up and by a magic link with 400 naming the field, and nothing is stored or sent', async () => {
    const email = uniqueEmail('nul');
    for (const field of ['name', 'image']) {
      const response = await t.client().post('/api/auth/sign-up/email', {
        email,
        password: TEST_PASSWORD,
        name: 'Maya',
        [field]: 'Maya\u0000',
      });
      expect(response.status, field).toBe(400);
      expect(await response.json(), field).toEqual(refusal(field));
    }
    const magicLink = await t.client().post('/api/auth/sign-in/magic-link', {
      email,
      name: 'Maya\u0000',
      callbackURL: '/dashboard',
    });
    expect(magicLink.status).toBe(400);
    expect(await magicLink.json()).toEqual(refusal('name'));
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email))).toHaveLength(0);
  });
});

describe('with the database down', () => {
  it('a sign-up answers 503 in the API error shape with Retry-After, as every API route does', async () => {
    const down = await createTestApp();
    await down.deps.database.close();
    const response = await down.client().post('/api/auth/sign-up/email', {
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      name: '',
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'The service is briefly unavailable. Please try again.',
      },
    });
  });
});
