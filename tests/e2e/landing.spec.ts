import { closePageThenStop, expect, test } from './fixtures';
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
    const features = page.locator('section', { has: page.getByRole('heading', { name: 'What you get' }) });
    for (const feature of ['Video suggestions', 'Ask your library', 'My Plan']) {
      await expect(features.getByRole('heading', { name: feature })).toBeVisible();
    }
    await expect(page.locator('details')).toHaveCount(4);
    await expect(page.getByRole('img', { name: '5 out of 5 stars' })).toHaveCount(3);
    await expect(page.getByLabel('Vidvisor demo video')).toBeVisible();

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

  test('the recorded demo loads nothing but its poster before Play, then plays muted and inline', async ({
    page,
  }) => {
    const media: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/demo/')) media.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    const video = page.getByLabel('Vidvisor demo video');
    await video.scrollIntoViewIfNeeded();
    const attributes = {
      preload: 'none',
      poster: '/demo/vidvisor-demo-poster.webp',
      controls: '',
      muted: '',
      playsinline: '',
    };
    for (const [name, value] of Object.entries(attributes)) await expect(video).toHaveAttribute(name, value);
    const sources = video.locator('source');
    await expect(sources).toHaveCount(2);
    await expect(sources.nth(0)).toHaveAttribute('type', 'video/webm');
    await expect(sources.nth(1)).toHaveAttribute('type', 'video/mp4');
    await expect(page.getByText(/A silent walk-through/)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(media).toEqual(['/demo/vidvisor-demo-poster.webp']);

    // Play, as a keyboard user does: the player's own controls take Space once it has focus.
    await video.focus();
    await page.keyboard.press('Space');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0);
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
    expect(media).toContain('/demo/vidvisor-demo.webm');
    expect(media).not.toContain('/demo/vidvisor-demo.mp4');
  });

  test('serves the recorded demo by byte ranges, so the player can seek', async ({ request }) => {
    const response = await request.get('/demo/vidvisor-demo.mp4', { headers: { range: 'bytes=0-99' } });
    expect(response.status()).toBe(206);
    expect(response.headers()['content-type']).toBe('video/mp4');
    expect((await response.body()).length).toBe(100);
  });

  test('plays the demo video when DEMO_VIDEO_URL is set', async ({ page }) => {
    const server = await startAppServer({ DEMO_VIDEO_URL: 'https://videos.example.com/vidvisor-demo.mp4' });
    try {
      await page.goto(server.baseURL);
      const video = page.locator('video');
      await expect(video).toHaveAttribute('src', 'https://videos.example.com/vidvisor-demo.mp4');
      await expect(video).toHaveAttribute('controls', '');
      await expect(video).toHaveAttribute('preload', 'none');
      await expect(video.locator('source')).toHaveCount(0);
    } finally {
      await closePageThenStop(page, server);
    }
  });
});
