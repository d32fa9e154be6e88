import type { Page } from '@playwright/test';
import { hero } from '../../src/web/features/landing/content';
import { expect, test } from './fixtures';
import { expectNoSeriousViolations, VIEWPORTS } from './support/accessibility';
import { createSampleChat } from './support/consult';
import { chooseFreePlanViaApi, completeProfileViaApi, signUpOnboarded } from './support/onboarding';
import { addPlanItemViaApi } from './support/plan';
import { signUpViaApi } from './support/users';

/** Every page of the spec, at desktop and phone width, as the role that sees it: 0 serious/critical. */

const PUBLIC_PAGES = [
  { path: '/', ready: hero.title },
  { path: '/auth', ready: 'Sign in' },
  { path: '/auth?view=sign_up', ready: 'Create your account' },
  { path: '/auth?view=forgotten_password', ready: 'Reset your password' },
  { path: '/auth?view=magic_link', ready: 'Sign in with a magic link' },
  { path: '/auth?view=verify_otp', ready: 'Sign in with a one-time code' },
  { path: '/auth?view=update_password&token=abc', ready: 'Choose a new password' },
  { path: '/dashboard/reset-password?token=abc', ready: 'Reset Password' },
  { path: '/no-such-page', ready: 'Page not found' },
  { path: '/waitlist', ready: 'Join Waitlist' },
];

/** Opens `path`, waits for `ready` (a heading, or any text) and for the page's data, then runs axe. */
async function auditPage(page: Page, path: string, ready: string | RegExp, label: string) {
  await page.goto(path);
  await expect(
    page
      .getByRole('heading', { name: ready, exact: true })
      .or(page.getByText(ready, { exact: true }))
      .filter({ visible: true })
      .first(),
  ).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expectNoSeriousViolations(page, `${path} (${label})`);
}

/** A chat's title: the first 50 characters of its transcript. */
const CHAT_TITLE = 'Welcome back. Today is about growing a small food';

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility, ${viewport.name}`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      colorScheme: viewport.colorScheme,
    });

    test('public pages', async ({ page }) => {
      for (const { path, ready } of PUBLIC_PAGES) await auditPage(page, path, ready, viewport.name);
    });

    test('a user’s pages, from onboarding to every account tab', async ({ page, server }) => {
      test.setTimeout(240_000);
      await signUpViaApi(page, server);
      await auditPage(page, '/complete-profile', 'Personal Information', viewport.name);
      await completeProfileViaApi(page, server);
      await auditPage(page, '/onboarding', 'Choose Your Plan', viewport.name);
      await page.getByRole('button', { name: 'Get Started with Pro' }).click();
      await expect(page).toHaveURL(/\/billing\/test-checkout/);
      await auditPage(page, page.url(), 'Test checkout.', viewport.name);
      await chooseFreePlanViaApi(page, server);

      const chatId = await createSampleChat(page, server);
      await auditPage(page, `/chat/${chatId}`, /Tokens: \d+/, viewport.name);
      // A follow-up puts the user's own message on the page too, with its Edit and Copy buttons.
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('How do I start a subscription box?');
      await box.press('Enter');
      await expect(page.getByRole('article', { name: 'Assistant message' }).nth(1)).toContainText(
        /Tokens: \d+/,
        { timeout: 30_000 },
      );
      await expectNoSeriousViolations(page, `/chat/${chatId} with a follow-up (${viewport.name})`);
      const shared = await page.request.post(`${server.baseURL}/api/chats/${chatId}/share-links`, {
        headers: { origin: server.baseURL },
      });
      await auditPage(page, (await shared.json()).link.path, CHAT_TITLE, viewport.name);
      await auditPage(page, '/dashboard', 'Recent Chats', viewport.name);
      await auditPage(page, '/consult', 'Smart Business Assistant', viewport.name);
      await auditPage(page, '/saved-chats', 'Saved Chats', viewport.name);
      await auditPage(page, '/suggestions', 'This week’s picks', viewport.name);
      await addPlanItemViaApi(page, server, { title: 'Call three wholesale cafés', dueDate: '2020-01-06' });
      await auditPage(page, '/plan', 'My Plan', viewport.name);
      await auditPage(page, '/profile', 'Profile', viewport.name);
      for (const tab of [
        'Change Password',
        'Usage',
        'Subscription',
        'Payment Method',
        'Support',
        'Affiliate',
      ]) {
        await page.getByRole('tab', { name: tab }).click();
        // Audit the tab as loaded, not its spinner.
        const panel = page.getByRole('tabpanel', { name: tab });
        await expect(panel).toBeVisible();
        await expect(panel.getByRole('status', { name: /^Loading/ })).toHaveCount(0);
        await expectNoSeriousViolations(page, `/profile, ${tab} tab (${viewport.name})`);
      }
    });

    test('the admin console, as a super admin', async ({ page, server, browser }) => {
      test.setTimeout(240_000);
      const userContext = await browser.newContext();
      const userPage = await userContext.newPage();
      await signUpOnboarded(userPage, server);
      const chatId = await createSampleChat(userPage, server);
      const userId = (await (await userPage.request.get(`${server.baseURL}/api/me`)).json()).id;
      await userContext.close();

      await signUpOnboarded(page, server, { superAdmin: true });
      await auditPage(page, '/admin', 'Users', viewport.name);
      await auditPage(page, `/user/${userId}`, 'Recent Chats', viewport.name);
      await auditPage(page, `/chat/${chatId}?ia=1`, CHAT_TITLE, viewport.name);
      await auditPage(page, '/admin/assistant', 'AI Assistant', viewport.name);
      await auditPage(page, '/admin/audit', 'Audit log', viewport.name);
      await auditPage(page, '/admin/suggestions', 'Weekly Picks', viewport.name);
    });
  });
}
