import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { webAppRoutes } from './static';

let app: ReturnType<typeof webAppRoutes>;
beforeAll(() => {
  const root = mkdtempSync(path.join(tmpdir(), 'vv-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<html>app shell</html>');
  writeFileSync(path.join(root, 'landing.html'), '<html>landing</html>');
  writeFileSync(path.join(root, 'assets', 'main-AbC123.js'), 'console.log(1)'.repeat(100));
  writeFileSync(path.join(root, 'robots.txt'), 'User-agent: *');
  app = webAppRoutes(root);
});

describe('serving the built web app', () => {
  it('serves the prerendered landing page at /', async () => {
    const response = await app.request('/');
    expect(await response.text()).toBe('<html>landing</html>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('caches hashed assets for a year, immutable', async () => {
    const response = await app.request('/assets/main-AbC123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
  });

  it('compresses text for clients that accept gzip', async () => {
    const response = await app.request('/assets/main-AbC123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('answers a missing asset with 404, not the app shell', async () => {
    const response = await app.request('/assets/missing-123.js');
    expect(response.status).toBe(404);
  });

  it('falls back to the app shell for client-side routes', async () => {
    for (const route of ['/dashboard', '/chat/123', '/user/abc', '/dashboard/reset-password']) {
      const response = await app.request(route);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('<html>app shell</html>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
  });

  it('serves other public files with a short cache', async () => {
    const response = await app.request('/robots.txt');
    expect(await response.text()).toBe('User-agent: *');
    expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('serves the recorded demo under public/ by byte ranges, uncompressed, so the player can seek', async () => {
    const publicFiles = webAppRoutes(path.resolve(import.meta.dirname, '../../../public'));
    for (const [file, type] of [
      ['vidvisor-demo.webm', 'video/webm'],
      ['vidvisor-demo.mp4', 'video/mp4'],
    ]) {
      const response = await publicFiles.request(`/demo/${file}`, {
        headers: { range: 'bytes=100-199', 'accept-encoding': 'gzip, br' },
      });
      expect(response.status, file).toBe(206);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(response.headers.get('content-range')).toMatch(/^bytes 100-199\/\d+$/);
      expect((await response.arrayBuffer()).byteLength).toBe(100);
    }
  });
});
