import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium } from '@playwright/test';
import { unzipSync } from 'fflate';
import config from '../../playwright.config';
import { collectConsoleErrors, expect, test } from './fixtures';
import { expectNoSeriousViolations } from './support/accessibility';
import { signUpOnboarded } from './support/onboarding';

const VIDEO_ID = 'dQw4w9WgXcQ';

/** A local stand-in for a YouTube watch page: a title in YouTube's own markup, and a player. */
const WATCH_PAGE = `<!doctype html><html lang="en"><head><title>Pricing a bakery box - YouTube</title></head>
<body><div id="above-the-fold"><ytd-watch-metadata><div id="title"><h1>Pricing a bakery box</h1></div>
</ytd-watch-metadata></div><video width="320" height="180"></video></body></html>`;

/** The package the app offers, unzipped: the folder a user picks in "Load unpacked". */
async function downloadExtension(baseURL: string): Promise<{ dir: string; folder: string }> {
  const response = await fetch(`${baseURL}/api/extension/package`);
  expect(response.status).toBe(200);
  const dir = mkdtempSync(path.join(tmpdir(), 'vidvisor-extension-'));
  for (const [name, bytes] of Object.entries(unzipSync(new Uint8Array(await response.arrayBuffer())))) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), bytes);
  }
  return { dir, folder: path.join(dir, 'vidvisor-extension') };
}

async function launchWithExtension(folder: string, profile: string): Promise<BrowserContext> {
  const launch = config.use?.launchOptions ?? {};
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: launch.executablePath,
    headless: true,
    args: [...(launch.args ?? []), `--disable-extensions-except=${folder}`, `--load-extension=${folder}`],
  });
  // No internet here: YouTube is the stand-in above, and nothing else of it is fetched.
  await context.route('https://www.youtube.com/**', (route) =>
    new URL(route.request().url()).pathname === '/watch'
      ? route.fulfill({ contentType: 'text/html', body: WATCH_PAGE })
      : route.abort(),
  );
  if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker');
  return context;
}

test('Consult with Vidvisor from a YouTube watch page: signed out, the extension leads through sign-in to a new consultation of the video at the second', async ({
  page,
  server,
}) => {
  // The dashboard leads to the "Browser extension" page, which offers the package.
  const account = await signUpOnboarded(page, server);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Browser extension' }).click();
  await expect(page.getByRole('heading', { name: 'Browser extension', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the extension (.zip)' })).toHaveAttribute(
    'href',
    '/api/extension/package',
  );
  await expectNoSeriousViolations(page, '/extension');

  const { dir, folder } = await downloadExtension(server.baseURL);
  const context = await launchWithExtension(folder, path.join(dir, 'profile'));
  try {
    const youtube = await context.newPage();
    const errors = collectConsoleErrors(youtube);
    await youtube.goto(`https://www.youtube.com/watch?v=${VIDEO_ID}`);
    const button = youtube.getByRole('button', { name: 'Consult with Vidvisor' });
    await expect(button).toBeVisible();
    await youtube.locator('video').evaluate((video: HTMLVideoElement) => {
      video.currentTime = 75;
    });
    const watchLink = `https://www.youtube.com/watch?v=${VIDEO_ID}&t=75s`;

    // This browser is not signed in to Vidvisor: sign-in first, then back to the new consultation.
    const [vidvisor] = await Promise.all([context.waitForEvent('page'), button.click()]);
    const vidvisorErrors = collectConsoleErrors(vidvisor);
    await vidvisor.waitForURL(/\/auth\?next=/);
    expect(new URL(vidvisor.url()).origin).toBe(server.baseURL);
    await vidvisor.getByLabel('Email').fill(account.email);
    await vidvisor.getByLabel('Password').fill(account.password);
    await vidvisor.getByRole('button', { name: 'Sign in', exact: true }).click();
    await vidvisor.waitForURL(/\/consult\?/);
    expect(new URL(vidvisor.url()).searchParams.get('url')).toBe(watchLink);
    // The intake opens on that video, ready to analyze.
    await expect(vidvisor.getByRole('textbox', { name: /YouTube/ }).first()).toHaveValue(watchLink);

    // Signed in now, the button opens the consultation at once.
    const [again] = await Promise.all([context.waitForEvent('page'), button.click()]);
    await again.waitForURL(/\/consult\?/);
    expect(new URL(again.url()).searchParams.get('url')).toBe(watchLink);
    expect([...errors, ...vidvisorErrors]).toEqual([]);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
