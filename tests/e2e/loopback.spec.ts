import {
  closePageThenStop,
  expect,
  signInWithPassword,
  signUpAndConfirm,
  test,
  uniqueEmail,
} from './fixtures';
import { startAppServer } from './server';

const PASSWORD = 'sourdough-42';

test.describe('opening the app by another loopback name', () => {
  test('without BASE_URL, signs up and signs in at 127.0.0.1', async ({ page }) => {
    // As `npm start` runs it: every interface, no BASE_URL (so http://localhost:<port> is its address).
    const server = await startAppServer({ BASE_URL: '', HOST: '0.0.0.0' });
    try {
      const loopback = server.baseURL.replace('//localhost:', '//127.0.0.1:');
      const email = uniqueEmail('loopback');
      // The e-mailed link names the app's address (localhost); the account is then used at 127.0.0.1.
      const mail = await signUpAndConfirm(page, server, email, PASSWORD, { origin: loopback });
      expect(mail.links[0]).toMatch(/^http:\/\/localhost:\d+\//);
      await signInWithPassword(page, email, PASSWORD, loopback);
      await expect(page).toHaveURL(`${loopback}/complete-profile`);
      await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    } finally {
      await closePageThenStop(page, server);
    }
  });
});
