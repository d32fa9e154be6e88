import { expect, test, uniqueEmail } from './fixtures';
import { startAppServer } from './server';

const PASSWORD = 'sourdough-42';

test.describe('opening the app by another loopback name', () => {
  test('without BASE_URL, signs up and signs in at 127.0.0.1', async ({ page }) => {
    // As `npm start` runs it: every interface, no BASE_URL (so http://localhost:<port> is its address).
    const server = await startAppServer({ BASE_URL: '', HOST: '0.0.0.0' });
    try {
      const loopback = server.baseURL.replace('//localhost:', '//127.0.0.1:');
      const email = uniqueEmail('loopback');
      await page.goto(`${loopback}/auth?view=sign_up`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign up' }).click();
      await expect(page.getByText('Check your email for the confirmation link')).toBeVisible();

      // The e-mailed link names the app's address (localhost); the account is then used at 127.0.0.1.
      const mail = await server.waitForMail(email, 'verification');
      expect(mail.links[0]).toMatch(/^http:\/\/localhost:\d+\//);
      await page.goto(mail.links[0]!);
      await page.goto(`${loopback}/auth`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(`${loopback}/complete-profile`);
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    } finally {
      await server.stop();
    }
  });
});
