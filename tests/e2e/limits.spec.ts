import { PASSWORD_MESSAGES } from '../../src/shared/schemas/password';
import { expect, test, uniqueEmail } from './fixtures';
import { type AppServer, startAppServer } from './server';
import { signUpOnboarded } from './support/onboarding';
import { signUpViaApi } from './support/users';

/** A server with its rate limits on, as in production (the shared test server has them off). */
let limited: AppServer;
test.beforeAll(async () => {
  limited = await startAppServer({ RATE_LIMIT_ENABLED: 'true' });
});
test.afterAll(() => limited.stop());

test.describe('limits said clearly', () => {
  // The 400 and the 429 the journeys provoke are logged by the browser as failed resources.
  test.use({ allowConsoleErrors: [/\/api\/(auth\/sign-up\/email|auth\/sign-in\/email|support\/tickets)$/] });

  test('a common password is refused at sign-up with a clear message', async ({ page }) => {
    await page.goto(`${limited.baseURL}/auth?view=sign_up`);
    await page.getByLabel('Email').fill(uniqueEmail('common'));
    await page.getByLabel('Password').fill('password1');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expect(page.getByText(PASSWORD_MESSAGES.tooCommon)).toBeVisible();
  });

  test('past the support tickets’ hourly limit, the form says how long to wait and keeps the text', async ({
    page,
  }) => {
    await signUpOnboarded(page, limited);
    for (let i = 0; i < 10; i++) {
      const response = await page.request.post(`${limited.baseURL}/api/support/tickets`, {
        data: { message: `Question ${i}` },
        headers: { origin: limited.baseURL },
      });
      expect(response.status()).toBe(201);
    }
    await page.goto(`${limited.baseURL}/profile?tab=support`);
    await page.getByLabel('Message').fill('One more question');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText(/^Too many requests\. Please try again in \d+ minutes?\.$/)).toBeVisible();
    await expect(page.getByLabel('Message')).toHaveValue('One more question');
  });

  test('an account guessed at from here pauses its password sign-in here and offers the one-time code', async ({
    page,
  }) => {
    const { email } = await signUpViaApi(page, limited);
    await page.context().clearCookies();
    await page.goto(`${limited.baseURL}/auth`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not-my-password-at-all');
    for (let i = 0; i < 5; i++) {
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('alert')).toContainText(/invalid email or password/i);
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    }
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText(/one-time code sent to your email instead/);
    await page.getByRole('button', { name: 'Email me a one-time code instead' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in with a one-time code' })).toBeVisible();
  });
});
