import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../shared/schemas/password';
import { users } from '../db/schema';
import { uniqueEmail } from '../testing/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STRONG = 'quiet-lantern-river-58';

async function expectRefused(response: Response, field: string, message: string) {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({
    error: { code: 'invalid_input', message: `${field}: ${message}`, field },
  });
}

async function resetTokenFor(email: string) {
  const client = t.client();
  await client.post('/api/auth/request-password-reset', { email, redirectTo: '/dashboard/reset-password' });
  const landing = await client.get(t.pathOf(await t.linkFromMail(email, 'password-reset')));
  return new URL(landing.headers.get('location')!, 'http://x').searchParams.get('token')!;
}

const signIn = (email: string, password: string) =>
  t.client().post('/api/auth/sign-in/email', { email, password });

describe('a new password must be hard to guess', () => {
  it('sign-up refuses a weak password, and one holding the address or its name part, storing nothing', async () => {
    const email = uniqueEmail('maya.lopez');
    const localPart = email.split('@')[0]!;
    const signUp = (password: string) =>
      t.client().post('/api/auth/sign-up/email', { email, password, name: '' });
    await expectRefused(await signUp('aaaaaaaa'), 'password', PASSWORD_MESSAGES.tooWeak);
    await expectRefused(await signUp('zebra1234'), 'password', PASSWORD_MESSAGES.tooWeak);
    await expectRefused(await signUp(email), 'password', PASSWORD_MESSAGES.containsEmail);
    await expectRefused(
      await signUp(`${localPart.toUpperCase()}-quiet-lantern-58`),
      'password',
      PASSWORD_MESSAGES.containsEmail,
    );
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect((await signUp(STRONG)).status).toBe(200);
  });

  it('a short local part ("jo") is not refused inside a strong password', async () => {
    const email = `jo@${uniqueEmail('short').split('@')[1]}`;
    const response = await t
      .client()
      .post('/api/auth/sign-up/email', { email, password: 'jovial-lantern-river-58', name: '' });
    expect(response.status).toBe(200);
  });

  it('a reset link refuses a weak password or one holding the name part, and still works for a strong one', async () => {
    const user = await t.createUser();
    const token = await resetTokenFor(user.email);
    const reset = (newPassword: string) =>
      t.client().post('/api/auth/reset-password', { newPassword, token });
    await expectRefused(await reset('aaaaaaaa'), 'newPassword', PASSWORD_MESSAGES.tooWeak);
    await expectRefused(
      await reset(`${user.email.split('@')[0]}-lantern-58`),
      'newPassword',
      PASSWORD_MESSAGES.containsEmail,
    );
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
    expect((await reset(STRONG)).status).toBe(200);
    expect((await signIn(user.email, STRONG)).status).toBe(200);
  });

  it('a one-time-code reset refuses a weak password before the code is checked', async () => {
    const user = await t.createUser();
    const response = await t
      .client()
      .post('/api/auth/email-otp/reset-password', { email: user.email, otp: '123456', password: 'aaaaaaaa' });
    await expectRefused(response, 'password', PASSWORD_MESSAGES.tooWeak);
  });

  it('change-password refuses the name part and a weak password; the old password still signs in', async () => {
    const user = await t.createUser();
    const change = (newPassword: string) =>
      user.client.post('/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword });
    await expectRefused(
      await change(`x${user.email.split('@')[0]}x-58`),
      'newPassword',
      PASSWORD_MESSAGES.containsEmail,
    );
    await expectRefused(await change('abcabcabc'), 'newPassword', PASSWORD_MESSAGES.tooWeak);
    expect((await signIn(user.email, TEST_PASSWORD)).status).toBe(200);
    expect((await change(STRONG)).status).toBe(200);
  });

  it('an account whose weak password was set before still signs in with it', async () => {
    const user = await t.createUser({ password: 'aaaaaaaa' });
    expect((await signIn(user.email, 'aaaaaaaa')).status).toBe(200);
  });
});
