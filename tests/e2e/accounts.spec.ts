import { ACCOUNT_DELETION_MESSAGES } from '../../src/shared/schemas/account';
import {
  expect,
  signInWithPassword,
  signOutThroughMenu,
  signUpAndConfirm,
  test,
  uniqueEmail,
} from './fixtures';
import { signUpOnboarded } from './support/onboarding';

const PASSWORD = 'sourdough-42';

test.describe('accounts', () => {
  test('sign up, confirm by e-mail, sign out, sign in again', async ({ page, server }) => {
    const email = uniqueEmail('maya');
    await signUpAndConfirm(page, server, email, PASSWORD);
    // The confirmation link signs in and lands on /dashboard, whose gates send a new user to the profile wizard.
    await expect(page).toHaveURL(/\/complete-profile$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

    await signOutThroughMenu(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Try free' })).toBeVisible();

    await signInWithPassword(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/complete-profile$/);
    // The landing page knows the visitor: its calls to action lead to the dashboard.
    await page.goto('/');
    await expect(page.getByRole('main').getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    // Signed in, /auth sends back to the dashboard (and on through the gates).
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/complete-profile$/);
  });

  test('a super admin from SUPER_ADMIN_EMAILS skips the profile wizard and the plans', async ({
    page,
    server,
  }) => {
    const email = server.takeSuperAdminEmail();
    await signUpAndConfirm(page, server, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Recent Chats' })).toBeVisible();
    await page.goto('/consult');
    await expect(page.getByRole('heading', { name: 'Smart Business Assistant' })).toBeVisible();

    // Back to where they asked to go after signing in again; the profile stays theirs to fill.
    await signOutThroughMenu(page);
    await signInWithPassword(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/assistant');
    await expect(page.getByRole('heading', { name: 'AI Assistant' })).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('Personal Information').first()).toBeVisible();
  });

  // These journeys try a wrong password on purpose: the browser logs the 401.
  test.describe('with refused sign-ins', () => {
    test.use({ allowConsoleErrors: [/\/api\/auth\/sign-in\/email$/] });

    test('a wrong password shows the provider error in a danger box', async ({ page, server }) => {
      const email = uniqueEmail();
      await signUpAndConfirm(page, server, email, PASSWORD);
      await signOutThroughMenu(page);
      await signInWithPassword(page, email, 'not-the-password');
      await expect(page.getByRole('alert')).toContainText(/invalid email or password/i);
    });

    test('forgotten password: e-mailed link, reset page, sign in with the new password', async ({
      page,
      server,
    }) => {
      const email = uniqueEmail();
      await signUpAndConfirm(page, server, email, PASSWORD);
      await signOutThroughMenu(page);

      await page.goto('/auth');
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      // The reset view replaces the sign-in form, which has an Email field too: type into the new one.
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send reset instructions' }).click();
      await expect(page.getByText(/we have emailed a link/)).toBeVisible();

      const mail = await server.waitForMail(email, 'password-reset');
      await page.goto(mail.links[0]!);
      await expect(page).toHaveURL(/\/dashboard\/reset-password\?token=/);
      await expect(page.getByLabel('New Password')).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0); // header hidden

      await page.getByLabel('New Password').fill('new-pass-1');
      await page.getByLabel('Confirm Password').fill('new-pass-2');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByText('Passwords do not match')).toBeVisible();

      await page.getByLabel('New Password').fill('short');
      await page.getByLabel('Confirm Password').fill('short');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByText('Password must be at least 6 characters long')).toBeVisible();

      await page.getByLabel('New Password').fill('a-brand-new-one');
      await page.getByLabel('Confirm Password').fill('a-brand-new-one');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await expect(page).toHaveURL(/\/auth\?notice=password-updated$/);
      await expect(page.getByRole('status').filter({ hasText: 'Password updated' })).toBeVisible();

      await signInWithPassword(page, email, PASSWORD);
      await expect(page.getByRole('alert')).toBeVisible();
      await signInWithPassword(page, email, 'a-brand-new-one');
      await expect(page).toHaveURL(/\/complete-profile$/);
    });
  });

  test('magic link signs in', async ({ page, server }) => {
    const email = uniqueEmail();
    await signUpAndConfirm(page, server, email, PASSWORD);
    await signOutThroughMenu(page);

    await page.goto('/auth?view=magic_link');
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    await page.getByLabel('Email').fill(email);
    const before = server.mails.length;
    await page.getByRole('button', { name: 'Send magic link' }).click();
    await expect(page.getByText(/Check your email for the magic link/)).toBeVisible();
    const mail = await server.waitForMail(email, 'magic-link', { after: before });
    await page.goto(mail.links[0]!);
    await expect(page).toHaveURL(/\/complete-profile$/);
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  });

  test('one-time code signs in', async ({ page, server }) => {
    const email = uniqueEmail();
    await signUpAndConfirm(page, server, email, PASSWORD);
    await signOutThroughMenu(page);

    await page.goto('/auth');
    await page.getByRole('button', { name: 'Sign in with a one-time code' }).click();
    // As with the reset view: type into the code view's Email field, not the sign-in form's.
    await expect(page.getByRole('heading', { name: 'Sign in with a one-time code' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('We emailed you a 6-digit code')).toBeVisible();
    const mail = await server.waitForMail(email, 'one-time-code:sign-in');
    await page.getByLabel('Code').fill(mail.codes[0]!);
    await page.getByRole('button', { name: 'Verify code' }).click();
    await expect(page).toHaveURL(/\/complete-profile$/);
  });

  test('signed-out visitors of app pages go to /auth', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test.describe('deleting the account', () => {
    // The refused passwords (deleting, then signing in once deleted) are logged as failed resources.
    test.use({ allowConsoleErrors: [/\/api\/(account|auth\/sign-in\/email)$/] });

    test('asks for the password: a wrong one is refused with a message and nothing is deleted; the right one deletes and signs out', async ({
      page,
      server,
    }) => {
      const { email, password } = await signUpOnboarded(page, server);
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Delete Account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete Account' });
      await dialog.getByRole('button', { name: 'Delete Account' }).click();
      await expect(dialog.getByText(ACCOUNT_DELETION_MESSAGES.passwordRequired)).toBeVisible();

      await dialog.getByLabel('Password').fill('not-my-password-at-all');
      await dialog.getByRole('button', { name: 'Delete Account' }).click();
      await expect(dialog.getByText(ACCOUNT_DELETION_MESSAGES.wrongPassword)).toBeVisible();
      await expect(dialog.getByLabel('Password')).toBeFocused();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Account', exact: true })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();

      await page.getByRole('button', { name: 'Delete Account' }).click();
      await dialog.getByLabel('Password').fill(password);
      await dialog.getByRole('button', { name: 'Delete Account' }).click();
      const deleted = page.getByRole('dialog', { name: 'Account Deleted' });
      await expect(deleted).toBeVisible();
      await deleted.getByRole('button', { name: 'Close' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Try free' })).toBeVisible();
      await signInWithPassword(page, email, password);
      await expect(page.getByRole('alert')).toContainText(/invalid email or password/i);
    });
  });
});
