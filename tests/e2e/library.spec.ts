import { expect, test } from './fixtures';
import { createChatThroughConsult, createSampleChat } from './support/consult';
import { signUpOnboarded } from './support/onboarding';
import { uniqueE2eEmail } from './support/users';

test.describe('waitlist', () => {
  test('joining shows Added to Waitlist and clears the e-mail; joining twice is fine; the admin sees one entry', async ({
    page,
    server,
    browser,
  }) => {
    const email = uniqueE2eEmail('early');
    await page.goto('/waitlist');
    await page.getByRole('button', { name: 'Join Waitlist' }).click();
    await expect(page.getByText('Please enter your email address')).toBeVisible();
    for (const typed of [email, email.toUpperCase()]) {
      await page.getByLabel('Email').fill(typed);
      await page.getByRole('button', { name: 'Join Waitlist' }).click();
      const added = page.getByRole('dialog', { name: 'Added to Waitlist' });
      await expect(added).toContainText(
        "You've been successfully added to our waitlist! We'll notify you when we launch.",
      );
      await added.getByRole('button', { name: 'Close' }).first().click();
      await expect(page.getByLabel('Email')).toHaveValue('');
    }

    const bossContext = await browser.newContext({ baseURL: server.baseURL });
    const boss = await bossContext.newPage();
    await signUpOnboarded(boss, server, { superAdmin: true });
    await boss.goto('/admin');
    await boss.getByRole('button', { name: 'Waitlist' }).click();
    await expect(boss.getByRole('dialog', { name: 'Waitlist' }).getByText(email)).toHaveCount(1);
    await bossContext.close();
  });
});

test.describe('chat library', () => {
  const TRANSCRIPT =
    'In this episode we cover referral programs for local bakeries and how a loyalty card keeps customers coming back.';

  test.beforeEach(async ({ page, server }) => {
    await signUpOnboarded(page, server);
  });

  test('rename and delete a chat from the dashboard', async ({ page }) => {
    await createChatThroughConsult(page, TRANSCRIPT);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Recent Chats' })).toBeVisible();
    const firstTitle = TRANSCRIPT.slice(0, 50);
    await page.getByRole('button', { name: `Rename ${firstTitle}` }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Chat' });
    await expect(rename.getByLabel('Chat Title')).toHaveAttribute('placeholder', 'Enter a descriptive title');
    await rename.getByLabel('Chat Title').fill('Bakery referrals');
    await rename.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('link', { name: 'Bakery referrals' }).first()).toBeVisible();

    await page.getByRole('button', { name: 'Delete Bakery referrals' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Chat' });
    await expect(remove).toContainText(
      'Are you sure you want to delete this chat? This action cannot be undone.',
    );
    await remove.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No recent chats')).toBeVisible();
  });

  test('Saved Chats opens from the header, the account menu, and View all under Recent Chats', async ({
    page,
    server,
  }) => {
    await createSampleChat(page, server);
    await page.goto('/dashboard');
    await page.getByRole('banner').getByRole('link', { name: 'Saved Chats' }).click();
    await expect(page).toHaveURL(/\/saved-chats$/);
    await expect(page.getByRole('list', { name: 'Saved chats' }).getByRole('listitem')).toHaveCount(1);

    // At phone width the header keeps the logo and the menu: Saved Chats is in the menu.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/dashboard');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Saved Chats' })).toBeHidden();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Saved Chats' }).click();
    await expect(page).toHaveURL(/\/saved-chats$/);

    // Recent Chats shows the newest 50: View all appears once there are more.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Recent Chats' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'View all' })).toHaveCount(0);
    for (let i = 0; i < 50; i++) await createSampleChat(page, server);
    await page.reload();
    await page.getByRole('link', { name: 'View all' }).click();
    await expect(page).toHaveURL(/\/saved-chats$/);
    await expect(page.getByRole('list', { name: 'Saved chats' }).getByRole('listitem')).toHaveCount(20);
    // Each page renders in a transition while the last one stays on screen: one click per page shown.
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText('Page 2');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(pager).toContainText('Page 3');
    await expect(page).toHaveURL(/page=3$/);
    await expect(page.getByRole('list', { name: 'Saved chats' }).getByRole('listitem')).toHaveCount(11);
  });

  test('search saved chats and export one as Markdown and PDF', async ({ page }) => {
    await createChatThroughConsult(page, TRANSCRIPT);
    // A user's replies are written one at a time (a reload no longer stops one): the next chat's first
    // answer would wait for this one, after a 409 the browser logs.
    await expect(page.getByRole('article', { name: 'Assistant message' }).first()).toContainText(
      /Tokens: \d+/,
      {
        timeout: 30_000,
      },
    );
    await createChatThroughConsult(page, 'A talk about pricing subscription boxes for delivery businesses.');
    await page.goto('/saved-chats');
    await page.getByRole('searchbox', { name: 'Search your chats' }).fill('loyalty');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('listitem')).toHaveCount(1);
    await expect(results.locator('mark').first()).toHaveText(/loyalty/i);

    await results.getByRole('button', { name: /^Export/ }).click();
    const markdown = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Markdown (.md)' }).click();
    const mdFile = await markdown;
    expect(mdFile.suggestedFilename()).toMatch(/\.md$/);

    await results.getByRole('button', { name: /^Export/ }).click();
    const pdf = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'PDF (.pdf)' }).click();
    const pdfFile = await pdf;
    expect(pdfFile.suggestedFilename()).toMatch(/\.pdf$/);
  });
});
