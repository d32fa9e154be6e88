import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_BASE_URL, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function downloadPackage() {
  const response = await t.client().get('/api/extension/package');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  expect(response.headers.get('content-disposition')).toBe('attachment; filename="vidvisor-extension.zip"');
  return unzipSync(new Uint8Array(await response.arrayBuffer()));
}

describe('the browser extension package', () => {
  it('is a Manifest V3 extension that asks for YouTube watch pages only, defaulting to this Vidvisor', async () => {
    const files = await downloadPackage();
    expect(Object.keys(files).sort()).toEqual(
      [
        'background.js',
        'content.js',
        'icons/icon-192.png',
        'links.js',
        'manifest.json',
        'not-a-video.html',
        'options.html',
        'options.js',
        'settings.json',
      ].map((name) => `vidvisor-extension/${name}`),
    );
    const manifest = JSON.parse(strFromU8(files['vidvisor-extension/manifest.json']!));
    expect(manifest.manifest_version).toBe(3);
    expect(manifest.permissions).toEqual(['contextMenus', 'storage']);
    expect(manifest.host_permissions).toBeUndefined();
    expect(manifest.content_scripts.flatMap((script: { matches: string[] }) => script.matches)).toEqual([
      'https://www.youtube.com/watch*',
      'https://m.youtube.com/watch*',
    ]);
    expect(JSON.parse(strFromU8(files['vidvisor-extension/settings.json']!))).toEqual({
      address: TEST_BASE_URL,
    });
  });

  it('ships no network call but to the Vidvisor address: the scripts fetch only their own settings', async () => {
    const files = await downloadPackage();
    const scripts = Object.entries(files)
      .filter(([name]) => name.endsWith('.js'))
      .map(([name, bytes]) => [name, strFromU8(bytes)] as const);
    for (const [name, code] of scripts) {
      expect(code, name).not.toMatch(/XMLHttpRequest|WebSocket|sendBeacon|EventSource/);
      const fetched = code.split('fetch(').slice(1);
      for (const call of fetched)
        expect(call.startsWith("chrome.runtime.getURL('settings.json'))"), name).toBe(true);
    }
  });
});
