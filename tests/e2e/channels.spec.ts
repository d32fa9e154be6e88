import { expect, test } from './fixtures';
import { expectNoSeriousViolations } from './support/accessibility';
import { signUpOnboarded } from './support/onboarding';
import { serveYouTubeImages } from './support/youtube-images';

test.use({ youTubeFixture: true });

test.describe('followed channels', () => {
  // Following the channel again from the consultation is refused (409), as it should be.
  test.use({ allowConsoleErrors: [/\/api\/channels$/] });

  test('follow a channel by its handle, see its new videos ranked for the business, consult one, unfollow', async ({
    page,
    context,
    server,
  }) => {
    test.setTimeout(180_000);
    await serveYouTubeImages(context);
    await signUpOnboarded(page, server);
    await page.goto(`${server.baseURL}/suggestions`);
    const fresh = page.getByRole('region', { name: 'New from your channels' });
    const channels = page.getByRole('region', { name: 'Channels', exact: true });
    await expect(fresh).toContainText('Follow a channel below to see its new videos here.');
    await expect(channels).toContainText('You do not follow any channel yet.');

    // A link that names no channel is refused under the field; nothing is followed.
    const link = channels.getByRole('textbox', { name: 'Channel link' });
    await link.fill('https://example.com/@vidvisorfixtures');
    await channels.getByRole('button', { name: 'Follow', exact: true }).click();
    await expect(channels.getByRole('alert')).toContainText('Paste a link to a YouTube channel');

    // By keyboard: the handle, then Enter.
    await link.fill('https://www.youtube.com/@VidvisorFixtures');
    await link.press('Enter');
    const followed = channels.getByRole('list', { name: 'Channels you follow' });
    await expect(followed).toContainText('Vidvisor Fixtures');
    await expect(followed).toContainText(/Checked \d{2}\/\d{2}\/\d{4}/);
    await expect(link).toHaveValue('');
    const toast = page.getByText('You now follow Vidvisor Fixtures');
    await expect(toast).toBeVisible();

    // Its uploads of the last 14 days, newest first; the month-old one is not among them.
    await expect(fresh.getByRole('article')).toHaveCount(2);
    await expect(fresh.getByRole('article').first()).toHaveAccessibleName('Auto captions');
    await expect(fresh).not.toContainText('En français');
    // By relevance: the one matching the profile's keywords comes first, its matched words shown.
    await fresh.getByLabel('Sort by').selectOption('relevance');
    const pricing = fresh.getByRole('article', { name: 'Pricing for bakeries' });
    await expect(fresh.getByRole('article').first()).toHaveAccessibleName('Pricing for bakeries');
    await expect(pricing.getByRole('list', { name: 'Matched keywords' })).toContainText('Sourdough bread');
    await expect(pricing.getByRole('list', { name: 'Matched keywords' })).toContainText('pastries');
    // Its relevance badge names the profile's words it holds; the other's, a word of the challenges.
    await expect(pricing).toContainText('Relevant to your business: sourdough, bread, pastries');
    await expect(fresh.getByRole('article', { name: 'Auto captions' })).toContainText(
      'Relevant to your business: first',
    );
    // Back to the newest first.
    await fresh.getByLabel('Sort by').selectOption('date');
    await expect(fresh.getByRole('article').first()).toHaveAccessibleName('Auto captions');
    await fresh.getByLabel('Sort by').selectOption('relevance');
    await expect(fresh.getByRole('article').first()).toHaveAccessibleName('Pricing for bakeries');
    await expect(pricing).toContainText('Vidvisor Fixtures');
    // (Checked once the toast has gone: a fading toast is half transparent.)
    await expect(toast).toBeHidden();
    await expectNoSeriousViolations(page, '/suggestions with a followed channel');

    // Start consultation: the usual intake, then the chat, which offers to follow its video's channel.
    await pricing.getByRole('link', { name: 'Start consultation' }).click();
    await expect(page).toHaveURL(/\/consult\?url=/);
    await expect(page.getByPlaceholder('Paste YouTube URL here...')).toHaveValue(
      'https://www.youtube.com/watch?v=manualEn001',
    );
    await page.getByRole('button', { name: 'Transform Content' }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Pricing for bakeries' })).toBeVisible();
    await page.getByRole('button', { name: 'Follow this channel' }).click();
    await expect(page.getByText('You already follow this channel.')).toBeVisible();

    await page.goto(`${server.baseURL}/suggestions`);
    await expect(fresh.getByRole('article', { name: 'Pricing for bakeries' })).toContainText(
      'Already consulted',
    );
    await expect(fresh.getByRole('article', { name: 'Auto captions' })).not.toContainText(
      'Already consulted',
    );

    await channels.getByRole('button', { name: 'Unfollow Vidvisor Fixtures' }).click();
    await expect(channels).toContainText('You do not follow any channel yet.');
    await expect(fresh).toContainText('Follow a channel below to see its new videos here.');
  });
});
