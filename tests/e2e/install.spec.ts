import { expect, test } from './fixtures';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

test.describe('installable app', () => {
  test('Chromium finds a valid manifest whose icons load, and nothing stops the install', async ({
    page,
    request,
  }) => {
    await page.goto('/auth');
    const client = await page.context().newCDPSession(page);
    const { url, errors, data } = await client.send('Page.getAppManifest');
    expect(url).toMatch(/\/manifest\.webmanifest$/);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? '{}') as {
      name: string;
      start_url: string;
      theme_color: string;
      display: string;
      icons: ManifestIcon[];
    };
    expect(manifest).toMatchObject({
      name: 'Vidvisor',
      start_url: '/dashboard',
      display: 'standalone',
      theme_color: '#2563eb',
    });
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#2563eb');

    // The sizes browsers ask for (192 and 512, a maskable one), each a real PNG of its stated size.
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of pngs) {
      const size = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return `${image.naturalWidth}x${image.naturalHeight}`;
      }, icon.src);
      expect(size, icon.src).toBe(icon.sizes);
    }
    const touchIcon = await request.get('/icons/apple-touch-icon.png');
    expect(touchIcon.headers()['content-type']).toBe('image/png');

    // Playwright's browser contexts are incognito, where Chromium never installs: that one reason is the
    // harness's; any other (no manifest, an icon missing or too small, a bad start URL…) is the app's.
    const { installabilityErrors } = await client.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
  });

  test('the manifest is served as a manifest; API answers and private pages are never cached', async ({
    request,
  }) => {
    const manifest = await request.get('/manifest.webmanifest');
    expect(manifest.status()).toBe(200);
    expect(manifest.headers()['content-type']).toContain('application/manifest+json');
    // No service worker is registered, so nothing is cached but what these headers allow.
    expect((await request.get('/api/me')).headers()['cache-control']).toBe('no-store');
    expect((await request.get('/dashboard')).headers()['cache-control']).toBe('no-cache');
  });
});
