import type { Page } from '@playwright/test';
import { formatDate } from '../../src/shared/dates';
import { expect, signInWithPassword, signUpAndConfirm, test, uniqueEmail } from './fixtures';
import { completeProfileViaApi, nextWizardStep } from './support/onboarding';
import { E2E_PASSWORD, signUpViaApi } from './support/users';

const DAY_MS = 24 * 60 * 60 * 1000;

async function fillWizardStep(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
}

async function payTestCheckout(page: Page, cardNumber: string, button: string) {
  await expect(page.getByText('Test checkout.')).toBeVisible();
  await page.getByLabel('Name on card').fill('Maya Okafor');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: button }).click();
}

async function openAccountTab(page: Page, tab: string) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile/);
  await page.getByRole('tab', { name: tab }).click();
}

async function confirmInDialog(page: Page, title: string, button: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Subscription updated!')).toBeVisible();
}

test.describe('plans and billing (local provider)', () => {
  // The declined test card answers 402 and the refused sign-in after deletion 401: both on purpose.
  // One pattern: Playwright reads a fixture array whose second element is an object as [value, options].
  test.use({ allowConsoleErrors: [/\/api\/(billing\/test-checkout\/.+\/complete|auth\/sign-in\/email)$/] });

  test('wizard, Pro with a trial, cancel, resume, Premium annual, new card, account deletion', async ({
    page,
    server,
  }) => {
    const email = uniqueEmail('billing');
    await signUpAndConfirm(page, server, email, E2E_PASSWORD);

    // The wizard, in its onboarding modal: Next is blocked on an empty required field.
    await expect(page).toHaveURL(/\/complete-profile$/);
    const wizard = page.getByRole('dialog', { name: 'Complete Your Profile' });
    await expect(wizard.getByText('Step 1 of 4')).toBeVisible();
    await expect(wizard.getByLabel('Email')).toHaveValue(email);
    await wizard.getByLabel('First Name').fill('');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByText('This field is required').first()).toBeVisible();
    await expect(wizard.getByText('Step 1 of 4')).toBeVisible();
    await fillWizardStep(page, { 'First Name': 'Maya', 'Last Name': 'Okafor' });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await fillWizardStep(page, {
      'Business Name': 'Brightside Bakery',
      Industry: 'Food and beverage',
      'Products/Services': 'Sourdough bread',
      'Elevator Pitch': 'Fresh bread for busy families',
    });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByPlaceholder('Age, gender, location')).toBeVisible();
    await expect(wizard.getByPlaceholder('Interests, values, lifestyle')).toBeVisible();
    await fillWizardStep(page, {
      'Target Demographics': 'Families in the city',
      'Target Psychographics': 'Love local food',
      'Problems Addressed': 'Stale supermarket bread',
      'Unique Selling Proposition': 'Delivered before breakfast',
    });
    await nextWizardStep(wizard, 4);
    await wizard.getByRole('button', { name: 'Back' }).click();
    await expect(wizard.getByLabel('Target Demographics')).toHaveValue('Families in the city');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await fillWizardStep(page, {
      'Short-term Goals (6-12 months)': '300 subscribers',
      'Long-term Goals (1-5 years)': 'A second kitchen',
      'Current Challenges': 'Churn after the first month',
    });
    await wizard.getByRole('button', { name: 'Complete Profile' }).click();

    // Choose Your Plan: Pro monthly, through the test checkout (a declined card first).
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('heading', { name: 'Choose Your Plan' })).toBeVisible();
    await expect(page.getByRole('radio', { name: /Annual/ })).toContainText('Save 50%');
    await page.getByRole('button', { name: 'Get Started with Pro' }).click();
    await expect(page).toHaveURL(/\/billing\/test-checkout\?session=/);
    await expect(page.getByText('7-day free trial, then $7/mo')).toBeVisible();
    await payTestCheckout(page, '4000 0000 0000 0002', 'Start trial');
    await expect(page.getByRole('alert')).toContainText('Your card was declined.');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Start trial' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The Subscription tab: Pro on a trial ending in 7 days.
    await openAccountTab(page, 'Subscription');
    const trialEnd = formatDate(Date.now() + 7 * DAY_MS);
    await expect(page.getByRole('heading', { name: 'Pro' })).toBeVisible();
    await expect(page.getByText('Trial ends:')).toBeVisible();
    await expect(page.getByText(trialEnd).first()).toBeVisible();

    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    await confirmInDialog(page, 'Cancel Subscription', 'Cancel Subscription');
    await expect(page.getByText('Ends on:')).toBeVisible();

    await page.getByRole('button', { name: 'Resume Subscription' }).click();
    await confirmInDialog(page, 'Resume Subscription', 'Resume Subscription');
    await expect(page.getByText('Next payment:')).toBeVisible();

    // Change to Premium (Annual): the running subscription's plan changes, no second checkout.
    await page.getByRole('link', { name: 'Update Subscription' }).click();
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('button', { name: 'Current Plan: Pro' })).toBeDisabled();
    await page.getByRole('radio', { name: /Annual/ }).click();
    await page.getByRole('button', { name: 'Get Started with Premium (Annual)' }).click();
    await expect(page.getByText('Subscription updated!')).toBeVisible();
    await expect(page).toHaveURL(/\/profile\?tab=subscription$/);
    await expect(page.getByRole('heading', { name: 'Premium (Annual)' })).toBeVisible();

    // A new card through the setup checkout.
    await page.getByRole('tab', { name: 'Payment Method' }).click();
    await expect(page.getByText('Visa ending in 4242')).toBeVisible();
    await page.getByRole('button', { name: 'Update Payment Method' }).click();
    await payTestCheckout(page, '5555 5555 5555 4444', 'Save card');
    await expect(page.getByText('Payment updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/profile\?tab=payment-method$/);
    await expect(page.getByText('Mastercard ending in 4444')).toBeVisible();
    await expect(page.getByText('Expires 12/2034')).toBeVisible();

    // Delete the account: confirm with the password, Account Deleted, closed → signed out at /.
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await page.getByRole('button', { name: 'Delete Account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Account' });
    await confirm.getByLabel('Password').fill(E2E_PASSWORD);
    await confirm.getByRole('button', { name: 'Delete Account' }).click();
    const deleted = page.getByRole('dialog', { name: 'Account Deleted' });
    await expect(deleted).toBeVisible();
    await deleted.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Try free' })).toBeVisible();

    await signInWithPassword(page, email, E2E_PASSWORD);
    await expect(page.getByRole('alert')).toContainText(/invalid email or password/i);
  });
});

test.describe('moving between Free and paid', () => {
  test('the trial shows on the paid cards until the first subscription; choosing Free while paying waits for the period end, and Resume undoes it', async ({
    page,
    server,
  }) => {
    await signUpViaApi(page, server);
    await completeProfileViaApi(page, server);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/onboarding$/);
    const card = (name: string) => page.getByLabel(`${name} plan`, { exact: true });
    await expect(card('Pro').getByText('Starts with a 7-day free trial')).toBeVisible();
    await expect(card('Premium').getByText('Starts with a 7-day free trial')).toBeVisible();
    await expect(card('Free').getByText(/free trial/)).toHaveCount(0);

    await page.getByRole('button', { name: 'Get Started with Pro' }).click();
    await payTestCheckout(page, '4242 4242 4242 4242', 'Start trial');
    await expect(page).toHaveURL(/\/dashboard$/);

    await openAccountTab(page, 'Subscription');
    await page.getByRole('link', { name: 'Update Subscription' }).click();
    await expect(page.getByRole('button', { name: 'Current Plan: Pro' })).toBeDisabled();
    await expect(page.getByText(/free trial/)).toHaveCount(0);

    // Free while Pro runs: a confirmation that says when, then the Subscription tab shows Free next.
    await page.getByRole('button', { name: 'Get Started with Free' }).click();
    const confirm = page.getByRole('dialog', { name: 'Move to Free?' });
    await expect(confirm).toContainText(/Your Pro plan stays active until \d\d\/\d\d\/\d{4}/);
    await expect(confirm).toContainText('Your account then moves to Free.');
    await confirm.getByRole('button', { name: 'Move to Free' }).click();
    await expect(page.getByText('Subscription updated!')).toBeVisible();
    await expect(page).toHaveURL(/\/profile\?tab=subscription$/);
    await expect(page.getByRole('heading', { name: 'Pro' })).toBeVisible();
    await expect(page.getByText('Cancels')).toBeVisible();
    await expect(page.getByText(/^Free, from \d\d\/\d\d\/\d{4}$/)).toBeVisible();
    await page.getByRole('button', { name: 'Resume Subscription' }).click();
    const resume = page.getByRole('dialog', { name: 'Resume Subscription' });
    await expect(resume).toContainText('Your account will not move to Free.');
    await confirmInDialog(page, 'Resume Subscription', 'Resume Subscription');
    await expect(page.getByText('Next payment:')).toBeVisible();
    await expect(page.getByText('Next plan:')).toHaveCount(0);

    // Back on the plans, Free can be chosen again (nothing is scheduled).
    await page.goto('/onboarding');
    await expect(page.getByRole('button', { name: 'Get Started with Free' })).toBeEnabled();
  });
});

test.describe('free plan and the account screen', () => {
  test('Free plan, Profile tab update, Change Password with automatic sign-out', async ({ page, server }) => {
    const { email } = await signUpViaApi(page, server);
    await completeProfileViaApi(page, server);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.getByRole('button', { name: 'Get Started with Free' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await openAccountTab(page, 'Subscription');
    await expect(page.getByRole('heading', { name: 'Free' })).toBeVisible();
    await page.getByRole('tab', { name: 'Payment Method' }).click();
    await expect(page.getByText('No payment method on file')).toBeVisible();
    await page.getByRole('tab', { name: 'Usage' }).click();
    await expect(page.getByRole('heading', { name: 'Token Usage History' })).toBeVisible();

    // Profile tab: the wizard with its own label; saved → toast → /dashboard.
    await page.getByRole('tab', { name: 'Profile' }).click();
    for (let step = 2; step <= 4; step++) await nextWizardStep(page, step);
    await page.getByLabel('Current Challenges', { exact: true }).fill('Finding a second site');
    await page.getByRole('button', { name: 'Update Profile' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Change Password: the reset page's rules, then a dialog and sign-out after 4 seconds.
    await openAccountTab(page, 'Change Password');
    await page.getByLabel('Current Password').fill(E2E_PASSWORD);
    await page.getByLabel('New Password').fill('brand-new-1');
    await page.getByLabel('Confirm Password').fill('brand-new-2');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm Password').fill('brand-new-1');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await expect(page.getByRole('dialog', { name: 'Password Updated' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    await signInWithPassword(page, email, 'brand-new-1');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
