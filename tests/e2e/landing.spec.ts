import { expect, test } from './fixtures';
import { startAppServer } from './server';

test.describe('landing page', () => {
  test('a signed-out visitor gets every section, with Try Free to /auth and no React', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const section of [
      'See a consultation from start to finish',
      'What Vidvisor is',
      'How it works',
      'Questions you could ask',
      'What you get',
      'Who it is for',
      'Works for many kinds of business',
      'Frequently asked questions',
      'What our beta testers say',
      'Put the next video you watch to work',
    ]) {
      await expect(page.getByRole('heading', { name: section })).toBeVisible();
    }
    await expect(
      page
        .locator('section', { has: page.getByRole('heading', { name: 'How it works' }) })
        .locator('ol > li'),
    ).toHaveCount(4);
    await expect(page.locator('details')).toHaveCount(4);
    await expect(page.getByRole('img', { name: '5 out of 5 stars' })).toHaveCount(3);
    await expect(page.getByText('Demo video coming soon')).toBeVisible();

    const tryFree = page.getByRole('main').getByRole('link', { name: 'Try Free' });
    await expect(tryFree.first()).toHaveAttribute('href', '/auth');
    // The prerendered page needs no React for a signed-out visitor: only the tiny entry loads.
    await page.waitForLoadState('networkidle');
    expect(scripts.some((url) => /react|jsx-runtime|hydrate-landing/.test(url))).toBe(false);

    await page.locator('summary', { hasText: 'What can I paste in?' }).click();
    await expect(page.getByText(/caption file/i).first()).toBeVisible();
    await tryFree.first().click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('has no horizontal scroll at 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('plays the demo video when DEMO_VIDEO_URL is set', async ({ page }) => {
    const server = await startAppServer({ DEMO_VIDEO_URL: 'https://videos.example.com/vidvisor-demo.mp4' });
    try {
      await page.goto(server.baseURL);
      const video = page.locator('video');
      await expect(video).toHaveAttribute('src', 'https://videos.example.com/vidvisor-demo.mp4');
      await expect(video).toHaveAttribute('controls', '');
    } finally {
      await server.stop();
    }
  });
});
