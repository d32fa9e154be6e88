import type { Page } from '@playwright/test';
import { collectConsoleErrors, expect, test } from './fixtures';
import { expectNoSeriousViolations } from './support/accessibility';
import { signUpOnboarded } from './support/onboarding';
import { serveYouTubeImages } from './support/youtube-images';

/** The second pick's still cannot load: its card shows the placeholder. */
const BROKEN_THUMBNAIL = 'autoOnly001';

/** Through the admin screen: the link's details come from YouTube (oEmbed), the reason is typed. */
async function addPick(page: Page, link: string, title: string, why: string, tag: string, audit = false) {
  await page.getByRole('button', { name: 'Add a pick' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a pick' });
  await dialog.getByLabel('YouTube link').fill(link);
  await dialog.getByRole('button', { name: 'Fetch details' }).click();
  await expect(dialog.getByLabel('Title')).toHaveValue(title);
  await expect(dialog.getByLabel('Channel (optional)')).toHaveValue('Vidvisor Fixtures');
  await expect(dialog.getByLabel('Why this pick')).toBeFocused();
  // (Once: later, the previous pick's toast sits dimmed under the dialog's overlay.)
  if (audit) await expectNoSeriousViolations(page, 'the Add a pick dialog');
  await dialog.getByLabel('Why this pick').fill(why);
  await dialog.getByLabel('Tags (optional)').fill(tag);
  await dialog.getByLabel('Tags (optional)').press('Enter');
  await expect(dialog.getByRole('list', { name: 'Tags' })).toContainText(tag);
  await dialog.getByRole('button', { name: 'Add pick' }).click();
  await expect(dialog).toBeHidden();
}

test.use({ youTubeFixture: true });

test.describe('video suggestions', () => {
  test('an admin picks two videos; a user finds them, searches, consults one, and sees it marked', async ({
    page,
    browser,
    server,
  }) => {
    test.setTimeout(180_000);
    await signUpOnboarded(page, server, { superAdmin: true });
    await page.goto(`${server.baseURL}/dashboard`);
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Weekly Picks' }).click();
    await expect(page.getByRole('heading', { name: 'Weekly Picks' })).toBeVisible();
    await expect(page.getByText('No picks for this week yet.')).toBeVisible();
    await addPick(
      page,
      'https://youtu.be/manualEn001',
      'Pricing for bakeries',
      'Clear steps to price a premium tier',
      'pricing',
    );
    await addPick(
      page,
      'https://www.youtube.com/watch?v=autoOnly001',
      'Auto captions',
      'Retention tactics, with numbers',
      'retention',
    );
    const picks = page.getByRole('list', { name: /^Picks, week of / });
    await expect(picks).toContainText('1. Pricing for bakeries');
    await expect(picks).toContainText('2. Auto captions');

    // Reordering by keyboard keeps focus on the moved pick: at the top, its Move up is disabled, so
    // its Move down takes focus, and back at the bottom the other way round.
    let ordersSaved = 0;
    page.on('response', (response) => {
      const saved =
        response.request().method() === 'PUT' && response.url().endsWith('/api/admin/suggestions/order');
      if (saved && response.ok()) ordersSaved += 1;
    });
    await page.getByRole('button', { name: 'Move Auto captions up' }).focus();
    await page.keyboard.press('Enter');
    await expect(picks).toContainText('1. Auto captions');
    await expect(page.getByRole('button', { name: 'Move Auto captions down' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(picks).toContainText('1. Pricing for bakeries');
    await expect(page.getByRole('button', { name: 'Move Auto captions up' })).toBeFocused();
    // A move shows before it is stored: the reload waits until both saves are.
    await expect.poll(() => ordersSaved).toBe(2);
    await page.reload();
    await expect(picks).toContainText('2. Auto captions');

    // A bad link is refused in the form, and nothing is added.
    await page.getByRole('button', { name: 'Add a pick' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a pick' });
    await dialog.getByLabel('YouTube link').fill('https://youtu.be/short');
    await dialog.getByRole('button', { name: 'Add pick' }).click();
    await expect(dialog.getByText('Invalid YouTube URL')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(picks).not.toContainText('3.');

    // A user with a business profile.
    const userContext = await browser.newContext({ baseURL: server.baseURL });
    await serveYouTubeImages(userContext, { brokenVideoIds: [BROKEN_THUMBNAIL] });
    const user = await userContext.newPage();
    const userErrors = collectConsoleErrors(user, [new RegExp(`i\\.ytimg\\.com/vi/${BROKEN_THUMBNAIL}`)]);
    await signUpOnboarded(user, server);
    await user.goto('/dashboard');
    // While trending loads, its description claims no source.
    let releaseTrending!: () => void;
    const trendingHeld = new Promise<void>((resolve) => {
      releaseTrending = resolve;
    });
    await user.route('**/api/suggestions/trending', async (route) => {
      await trendingHeld;
      await route.continue();
    });
    await user.getByRole('link', { name: 'See suggestions' }).click();
    await expect(user.getByRole('heading', { name: 'Video Suggestions', level: 1 })).toBeVisible();
    const trending = user.getByRole('region', { name: 'Trending for your business' });
    await expect(trending).toContainText('Popular videos of the last 7 days.');
    releaseTrending();
    await expect(trending).toContainText('The videos most consulted on Vidvisor in the last 7 days.');
    await user.unroute('**/api/suggestions/trending');

    const weekPicks = user.getByRole('region', { name: 'This week’s picks' });
    const pricing = weekPicks.getByRole('article', { name: 'Pricing for bakeries' });
    await expect(pricing).toContainText('Why we picked it: Clear steps to price a premium tier');
    await expect(pricing).toContainText('Vidvisor Fixtures');
    const captions = weekPicks.getByRole('article', { name: 'Auto captions' });
    await expect(captions).toContainText('Retention tactics, with numbers');
    await expect(captions.getByRole('img', { name: 'No thumbnail' })).toBeVisible();
    await expectNoSeriousViolations(user, '/suggestions with picks');

    // The profile's keywords as chips; a keyword of the user's own searches the picks.
    const search = user.getByRole('region', { name: 'Search by keyword' });
    const chips = search.getByRole('list', { name: 'Your keywords' });
    await expect(chips).toContainText('Food and beverage');
    await expect(chips).toContainText('Sourdough bread');
    // By keyboard: removing a chip puts focus on the chip now in its place (or the one before).
    // Each change of the chips is saved in turn: four here (remove, add, add, remove).
    let keywordsSaved = 0;
    user.on('response', (response) => {
      const saved =
        response.request().method() === 'PUT' && response.url().endsWith('/api/suggestions/keywords');
      if (saved && response.ok()) keywordsSaved += 1;
    });
    const before = (await chips.getByRole('listitem').allInnerTexts()).map((chip) => chip.trim());
    const removedAt = before.indexOf('pastries');
    const neighbour = before[removedAt + 1] ?? before[removedAt - 1];
    await search.getByRole('button', { name: 'Remove pastries' }).focus();
    await user.keyboard.press('Enter');
    await expect(chips).not.toContainText('pastries');
    await expect(search.getByRole('button', { name: `Remove ${neighbour}` })).toBeFocused();
    // Enter adds a chip and the field stays focused and usable: the next word typed lands in it.
    const field = search.getByRole('textbox', { name: 'Search by keyword' });
    await field.fill('pricing');
    await field.press('Enter');
    await expect(field).toBeFocused();
    await user.keyboard.type('retention');
    await expect(field).toHaveValue('retention');
    await expect(chips).toContainText('pricing');
    await search.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(chips).toContainText('retention');
    await expect(field).toHaveValue('');
    // Backspace in the empty field removes the last chip; focus stays in the field.
    await field.focus();
    await user.keyboard.press('Backspace');
    await expect(chips).not.toContainText('retention');
    await expect(field).toBeFocused();
    const found = search.getByRole('article', { name: 'Pricing for bakeries' });
    await expect(found.getByRole('list', { name: 'Matched keywords' })).toContainText('pricing');
    await expect(search.getByRole('article')).toHaveCount(1);
    // Saved: once the four saves are, a reload keeps the chips as the user left them.
    await expect.poll(() => keywordsSaved).toBe(4);
    await user.reload();
    await expect(chips).toContainText('pricing');
    await expect(chips).not.toContainText('pastries');
    await expect(chips).not.toContainText('retention');

    // Start consultation opens /consult with the link filled in, and the usual intake does the rest.
    await found.getByRole('link', { name: 'Start consultation' }).click();
    await expect(user).toHaveURL(/\/consult\?url=/);
    await expect(user.getByPlaceholder('Paste YouTube URL here...')).toHaveValue(
      'https://www.youtube.com/watch?v=manualEn001',
    );
    await user.getByRole('button', { name: 'Transform Content' }).click();
    await expect(user).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(user.getByRole('heading', { name: 'Pricing for bakeries' })).toBeVisible();

    await user.getByRole('banner').getByRole('link', { name: 'Suggestions' }).click();
    await expect(weekPicks.getByRole('article', { name: 'Pricing for bakeries' })).toContainText(
      'Already consulted',
    );
    await expect(weekPicks.getByRole('article', { name: 'Auto captions' })).not.toContainText(
      'Already consulted',
    );

    // The Monday e-mail, turned on from the page.
    const weekly = user.getByRole('switch', { name: 'Weekly e-mail' });
    await expect(weekly).not.toBeChecked();
    await weekly.click();
    await expect(user.getByText('You will get the weekly e-mail on Mondays')).toBeVisible();
    await user.goto('/profile');
    await expect(user.getByRole('switch', { name: 'Weekly e-mail' })).toBeChecked();
    await userContext.close();
    expect(userErrors, 'console errors of the user’s page').toEqual([]);
  });
});
