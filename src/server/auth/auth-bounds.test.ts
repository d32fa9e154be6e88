import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, users, verifications } from '../db/schema';
import { uniqueEmail } from '../testing/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SUPER_ADMIN_EMAILS: 'boss-enum@example.com' });
});
afterAll(() => t.close());

/** Each field's kind of value ('string', 'boolean', 'null'…): what tells two answers apart without ids. */
const shapeOf = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).map(([key, v]) => [key, v === null ? 'null' : typeof v]));

describe('no account enumeration', () => {
  it('a sign-up answers an existing address exactly as a new one: same fields, same kinds of values', async () => {
    const signUp = async (email: string) => {
      const response = await t.client().post('/api/auth/sign-up/email', {
        email,
        password: TEST_PASSWORD,
        name: '',
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { token: null; user: Record<string, unknown> };
    };
    const taken = uniqueEmail('maya');
    await signUp(taken);
    const again = await signUp(taken);
    const fresh = await signUp(uniqueEmail('maya'));

    expect(Object.keys(again.user).sort()).toEqual(Object.keys(fresh.user).sort());
    expect(shapeOf(again.user)).toEqual(shapeOf(fresh.user));
    expect(again.token).toBeNull();
    // Named from the address and given a role, as a new account is.
    expect(again.user).toMatchObject({ role: 'user', email: taken, emailVerified: false });
    expect(again.user.name).toBe(`M${taken.split('@')[0]!.slice(1)}`);
    expect(again.user.firstName).toBe(again.user.name);
    expect(await t.db.select().from(users).where(eq(users.email, taken))).toHaveLength(1);
  });

  it('the synthetic answer follows the super-admin rule too', async () => {
    const boss = 'boss-enum@example.com';
    const first = await t
      .client()
      .post('/api/auth/sign-up/email', { email: boss, password: TEST_PASSWORD, name: 'Big Boss' });
    const second = await t
      .client()
      .post('/api/auth/sign-up/email', { email: boss, password: TEST_PASSWORD, name: 'Big Boss' });
    const [a, b] = [(await first.json()).user, (await second.json()).user];
    expect(shapeOf(b)).toEqual(shapeOf(a));
    expect(b).toMatchObject({ role: 'super_admin', firstName: 'Big', lastName: 'Boss' });
  });

  it('the magic link, e-mail code, reset and confirmation routes answer an unknown address as a known one', async () => {
    const known = (await t.createUser()).email;
    const requests: [string, (email: string) => Record<string, unknown>][] = [
      ['/api/auth/sign-in/magic-link', (email) => ({ email, callbackURL: '/dashboard' })],
      ['/api/auth/email-otp/send-verification-otp', (email) => ({ email, type: 'sign-in' })],
      ['/api/auth/email-otp/send-verification-otp', (email) => ({ email, type: 'forget-password' })],
      ['/api/auth/email-otp/send-verification-otp', (email) => ({ email, type: 'email-verification' })],
      ['/api/auth/email-otp/request-password-reset', (email) => ({ email })],
      ['/api/auth/request-password-reset', (email) => ({ email, redirectTo: '/dashboard/reset-password' })],
      ['/api/auth/send-verification-email', (email) => ({ email, callbackURL: '/dashboard' })],
    ];
    for (const [path, body] of requests) {
      const answer = async (email: string) => {
        const response = await t.client().post(path, body(email));
        return { status: response.status, body: await response.text() };
      };
      expect(await answer(uniqueEmail('nobody')), path).toEqual(await answer(known));
    }
  });
});

describe('every auth field is bounded', () => {
  const refusal = (field: string, message: string) => ({
    error: { code: 'invalid_input', message: `${field}: ${message}`, field },
  });
  const long = (length: number) => 'a'.repeat(length);

  it('update-user takes names of up to 100 characters and an image link of up to 2,048, and nothing else', async () => {
    const user = await t.createUser({ name: 'Maya Okafor' });
    const refused: [Record<string, unknown>, string, string][] = [
      [{ name: long(101) }, 'name', 'Keep your name under 100 characters'],
      [{ firstName: long(101) }, 'firstName', 'Keep your first name under 100 characters'],
      [{ lastName: long(1_000_000) }, 'lastName', 'Keep your last name under 100 characters'],
      [{ name: { first: 'Maya' } }, 'name', 'Must be text'],
      [{ firstName: ['Maya'] }, 'firstName', 'Must be text'],
      [{ lastName: 7 }, 'lastName', 'Must be text'],
      [{ image: `https://example.com/${long(2030)}` }, 'image', 'Keep the image link under 2048 characters'],
      [{ image: 'javascript:alert(1)' }, 'image', 'Must be a web address (http or https)'],
      [{ image: { src: 'https://example.com/a.png' } }, 'image', 'Must be a web address'],
    ];
    for (const [body, field, message] of refused) {
      const response = await user.client.post('/api/auth/update-user', body);
      expect(response.status, field).toBe(400);
      expect(await response.json(), field).toEqual(refusal(field, message));
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Maya Okafor', firstName: 'Maya', lastName: 'Okafor', image: null });

    const image = `https://example.com/${long(2028)}`;
    expect(image).toHaveLength(2048);
    const taken = await user.client.post('/api/auth/update-user', {
      name: long(100),
      firstName: long(100),
      lastName: long(100),
      image,
    });
    expect(taken.status).toBe(200);
    const [updated] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(updated).toMatchObject({ name: long(100), firstName: long(100), lastName: long(100), image });
  });

  it('sign-up refuses an oversized or non-text name, image or e-mail, and stores and sends nothing', async () => {
    const email = uniqueEmail('bounds');
    const refused: [Record<string, unknown>, string, string][] = [
      [{ name: long(101) }, 'name', 'Keep your name under 100 characters'],
      [{ name: { toString: 'x' } }, 'name', 'Must be text'],
      [{ firstName: long(101) }, 'firstName', 'Keep your first name under 100 characters'],
      [{ image: long(3000) }, 'image', 'Keep the image link under 2048 characters'],
      [{ email: `${long(250)}@example.com` }, 'email', 'That email address is too long'],
      [{ email: [email] }, 'email', 'Must be text'],
    ];
    for (const [extra, field, message] of refused) {
      const response = await t
        .client()
        .post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: 'Maya', ...extra });
      expect(response.status, field).toBe(400);
      expect(await response.json(), field).toEqual(refusal(field, message));
    }
    expect(await t.db.select().from(users).where(like(users.email, '%bounds%'))).toHaveLength(0);
    expect(await t.mailsTo(email)).toHaveLength(0);
  });

  it('a sign-up or sign-in sent as a form (or any body not JSON) is refused 415 and stores nothing', async () => {
    const email = uniqueEmail('formbody');
    const form = (fields: Record<string, string>, contentType = 'application/x-www-form-urlencoded') => ({
      method: 'POST',
      headers: { 'content-type': contentType },
      body: new URLSearchParams(fields).toString(),
    });
    const signUp = { email, password: TEST_PASSWORD, name: long(2_900_000) };
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'application/x-www-form-urlencoded; charset=json',
      'text/plain',
    ]) {
      const response = await t.client().request('/api/auth/sign-up/email', form(signUp, contentType));
      expect(response.status, contentType).toBe(415);
      expect(await response.json(), contentType).toEqual({
        error: { code: 'unsupported_media_type', message: 'Send the request body as JSON' },
      });
    }
    expect(await t.db.select().from(users).where(like(users.email, '%formbody%'))).toHaveLength(0);
    expect(await t.mailsTo(email)).toHaveLength(0);

    const user = await t.createUser();
    const client = t.client();
    const signIn = await client.request(
      '/api/auth/sign-in/email',
      form({ email: user.email, password: TEST_PASSWORD }),
    );
    expect(signIn.status).toBe(415);
    expect(client.cookies.size).toBe(0);
  });

  it('an OAuth provider may still post its answer to the callback as a form', async () => {
    const response = await t.client().request('/api/auth/callback/google', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=abc&state=xyz',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toContain('/api/auth/callback/google?');
  });

  it('the magic-link and e-mail-code routes answer a 1 MB e-mail 400, not 500, and store nothing', async () => {
    const huge = `${long(1_000_000)}@example.com`;
    const before = await t.db.select({ id: verifications.id }).from(verifications);
    for (const [path, body] of [
      ['/api/auth/sign-in/magic-link', { email: huge, callbackURL: '/dashboard' }],
      ['/api/auth/email-otp/send-verification-otp', { email: huge, type: 'sign-in' }],
      ['/api/auth/sign-in/email-otp', { email: huge, otp: '123456' }],
      ['/api/auth/email-otp/request-password-reset', { email: huge }],
      ['/api/auth/request-password-reset', { email: huge }],
      ['/api/auth/sign-in/email', { email: huge, password: TEST_PASSWORD }],
    ] as const) {
      const response = await t.client().post(path, body);
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual(refusal('email', 'That email address is too long'));
    }
    expect(await t.db.select({ id: verifications.id }).from(verifications)).toEqual(before);
    expect(await t.db.select().from(outboxEmails).where(like(outboxEmails.toAddress, 'aaaa%'))).toHaveLength(
      0,
    );
  });
});
