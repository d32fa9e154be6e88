import { expect, test } from './fixtures';
import { expectNoSeriousViolations, VIEWPORTS } from './support/accessibility';

/** Every page of the spec, at desktop and phone width, as the role that sees it: 0 serious/critical. */

const PUBLIC_PAGES = [
  { path: '/', ready: 'heading' },
  { path: '/auth', ready: 'Sign in' },
  { path: '/auth?view=sign_up', ready: 'Create your account' },
  { path: '/auth?view=forgotten_password', ready: 'Reset your password' },
  { path: '/auth?view=magic_link', ready: 'Sign in with a magic link' },
  { path: '/auth?view=verify_otp', ready: 'Sign in with a one-time code' },
  { path: '/auth?view=update_password&token=abc', ready: 'Choose a new password' },
  { path: '/dashboard/reset-password?token=abc', ready: 'Reset Password' },
  { path: '/no-such-page', ready: 'Page not found' },
];

for (const viewport of VIEWPORTS) {
  test.describe(`accessibility, ${viewport.name}`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      colorScheme: viewport.colorScheme,
    });

    test('public pages', async ({ page }) => {
      for (const { path, ready } of PUBLIC_PAGES) {
        await page.goto(path);
        if (ready === 'heading') await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        else await expect(page.getByRole('heading', { name: ready, exact: true }).first()).toBeVisible();
        await expectNoSeriousViolations(page, `${path} (${viewport.name})`);
      }
    });
  });
}
