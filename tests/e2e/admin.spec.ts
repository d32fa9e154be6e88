import { startOpenAiStub } from '../../scripts/lib/openai-stub.mjs';
import { closePageThenStop, expect, test } from './fixtures';
import { startAppServer } from './server';
import { signUpOnboarded } from './support/onboarding';

const SESSION_CACHE_COOKIE = 'better-auth.session_data';

test.describe('admin console', () => {
  test('a privilege change makes the user’s header show the Admin items after the next load', async ({
    page,
    server,
    browser,
  }) => {
    const user = await signUpOnboarded(page, server);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Admin' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    const bossContext = await browser.newContext({ baseURL: server.baseURL });
    const boss = await bossContext.newPage();
    // The search waits for typing to pause: the test moves this page's clock past that delay itself.
    await boss.clock.install();
    const bossAccount = await signUpOnboarded(boss, server, { superAdmin: true });
    await boss.goto('/admin');
    await expect(boss.getByRole('heading', { name: 'Users' })).toBeVisible();
    await boss.getByRole('searchbox', { name: 'Search users by e-mail' }).fill(user.email.slice(0, 12));
    await expect(boss.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveCount(1);
    // The header's Admin item clears the search, and it stays cleared.
    await boss.getByRole('button', { name: 'Account menu' }).click();
    await boss.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(boss.getByRole('searchbox', { name: 'Search users by e-mail' })).toHaveValue('');
    await boss.clock.runFor(1_000); // well past the search delay: the old text must not come back
    await expect(boss).toHaveURL(/\/admin$/);
    await boss.getByRole('searchbox', { name: 'Search users by e-mail' }).fill(user.email.slice(0, 12));
    await expect(boss.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveCount(1);
    await boss.getByRole('link', { name: `View ${user.email}` }).click();
    await expect(boss.getByText(user.email)).toBeVisible();
    await expect(boss.getByText('Free · $0/mo')).toBeVisible();

    await boss.getByRole('button', { name: 'Add Privilege' }).click();
    const dialog = boss.getByRole('dialog', { name: 'Add Privilege' });
    await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
    await dialog.getByLabel('Privilege level').selectOption('super_admin');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(boss.getByText('Privilege updated successfully')).toBeVisible();
    await expect(boss.getByText('Super Admin', { exact: true })).toBeVisible();

    await boss.goto('/admin/audit');
    await expect(boss.getByRole('list', { name: 'Audit entries' })).toContainText('user.set_role');
    await expect(boss.getByRole('list', { name: 'Audit entries' })).toContainText(bossAccount.email);
    // Opening the user's page read their record: a read, told apart from the change by the Kind filter.
    await boss.getByLabel('Kind').selectOption({ label: "Reads of a user's data" });
    await boss.getByRole('button', { name: 'Filter' }).click();
    await expect(boss).toHaveURL(/kind=reads/);
    const reads = boss.getByRole('list', { name: 'Audit entries' });
    await expect(reads).toContainText('user.read_detail');
    await expect(reads).not.toContainText('user.set_role');

    // The job queue's health: each background job with its counts, and the weekly e-mail's schedule.
    await boss.goto('/admin');
    await boss.getByRole('button', { name: 'Background jobs' }).click();
    const jobs = boss.getByRole('dialog', { name: 'Background jobs' });
    await expect(jobs.getByRole('rowheader', { name: /weekly-email/ })).toContainText('5 * * * *');
    await expect(jobs.getByRole('row', { name: /index-migrated-videos/ })).toContainText('Not scheduled');
    await boss.keyboard.press('Escape');
    await expect(jobs).toHaveCount(0);
    await bossContext.close();

    // Admin routes read the session from the database: the new role lets the user in at once. A plain
    // read may answer from the session cached in the browser's cookie until the browser drops it, at
    // most SESSION_CACHE_SECONDS (30) after it was set (decision 072); here it is dropped as its age would.
    expect((await page.request.get('/api/admin/users')).status()).toBe(200);
    const cached = (await page.context().cookies()).find((c) => c.name === SESSION_CACHE_COOKIE);
    expect(cached?.expires).toBeLessThanOrEqual(Date.now() / 1000 + 30);
    await page.context().clearCookies({ name: SESSION_CACHE_COOKIE });
    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
  });

  test.describe('with an AI key', () => {
    // The model list fails on purpose in the second half.
    test.use({ allowConsoleErrors: [/\/api\/admin\/assistant\/models$/] });

    test('the assistant’s model is picked from the provider’s list, or typed when it cannot list', async ({
      page,
    }) => {
      const stub = await startOpenAiStub({ models: ['llama3.1:8b', 'qwen2.5:7b'] });
      const server = await startAppServer({ OPENAI_API_KEY: 'sk-e2e', OPENAI_BASE_URL: stub.baseURL });
      try {
        await signUpOnboarded(page, server, { superAdmin: true });
        await page.goto(`${server.baseURL}/admin/assistant`);
        const list = page.getByRole('combobox', { name: 'Model' });
        await expect(list.getByRole('option', { name: 'qwen2.5:7b' })).toBeAttached();
        await list.selectOption('qwen2.5:7b');
        await page.getByRole('button', { name: 'Update Assistant' }).click();
        await expect(page.getByText('Assistant settings updated successfully')).toBeVisible();

        await page.route('**/api/admin/assistant/models', (route) =>
          route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
        );
        await page.reload();
        await expect(page.getByText('Failed to load available models')).toBeVisible();
        const typed = page.getByRole('textbox', { name: 'Model' });
        await expect(typed).toHaveValue('qwen2.5:7b');
        await typed.fill('llama3.1:8b');
        await page.getByRole('button', { name: 'Update Assistant' }).click();
        await expect(page.getByText('Assistant settings updated successfully')).toBeVisible();
        await page.unroute('**/api/admin/assistant/models');
        await page.reload();
        await expect(page.getByRole('combobox', { name: 'Model' })).toHaveValue('llama3.1:8b');
      } finally {
        await closePageThenStop(page, server);
        await stub.close();
      }
    });
  });

  test('non super admins are sent away from the admin pages', async ({ page, server }) => {
    await signUpOnboarded(page, server);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/$|\/dashboard$/);
  });
});
