import { test as base, expect, type Page } from '@playwright/test';
import { startYouTubeFixture } from '../../src/server/testing/youtube-fixture';
import { type AppServer, startAppServer } from './server';

export { uniqueE2eEmail as uniqueEmail } from './support/users';
export { expect };

/** A 401 from the session probe is how a signed-out page learns it is signed out: expected. */
const EXPECTED_CONSOLE = [/\/api\/me$/];

interface Fixtures {
  /** Console errors the test expects (matched against text or resource URL). */
  allowConsoleErrors: RegExp[];
}

interface WorkerFixtures {
  server: AppServer;
  /** The server reads YouTube (oEmbed, captions, feeds, channel pages) from the local fixture. */
  youTubeFixture: boolean;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  youTubeFixture: [false, { option: true, scope: 'worker' }],
  server: [
    async ({ youTubeFixture }, use) => {
      const youtube = youTubeFixture ? await startYouTubeFixture() : undefined;
      const server = await startAppServer(youtube ? { YOUTUBE_BASE_URL: youtube.baseURL } : {});
      await use(server);
      await server.stop();
      await youtube?.close();
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  allowConsoleErrors: [[], { option: true }],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  page: async ({ page, allowConsoleErrors }, use) => {
    const errors = collectConsoleErrors(page, allowConsoleErrors);
    await use(page);
    expect(errors, 'console errors during the journey').toEqual([]);
  },
});

/**
 * The console errors and page errors of `page` from now on, but those expected: what fails a journey.
 * The `page` fixture checks its own; a journey with a second browser context checks that one's too.
 */
export function collectConsoleErrors(page: Page, allowConsoleErrors: RegExp[] = []): string[] {
  const errors: string[] = [];
  const allowed = [...EXPECTED_CONSOLE, ...allowConsoleErrors];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    if (allowed.some((pattern) => pattern.test(where) || pattern.test(message.text()))) return;
    errors.push(`${message.text()} (${where})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  return errors;
}

/** Signs in through the /auth form (of the test server, or of the app at `origin`). */
export async function signInWithPassword(page: Page, email: string, password: string, origin = '') {
  await page.goto(`${origin}/auth`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs up through the /auth form (of the test server, or of the app at `origin`) and follows the
 * e-mailed confirmation link: signed in afterwards. Answers the confirmation mail.
 */
export async function signUpAndConfirm(
  page: Page,
  server: AppServer,
  email: string,
  password: string,
  { name = '', origin = '' } = {},
) {
  await page.goto(`${origin}/auth?view=sign_up`);
  if (name) await page.getByLabel('Name (optional)').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Check your email for the confirmation link')).toBeVisible();
  const mail = await server.waitForMail(email, 'verification');
  await page.goto(mail.links[0]!);
  return mail;
}

/** Opens the account menu and signs out; resolves on the home page, signed out. */
export async function signOutThroughMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Try free' })).toBeVisible();
}

/**
 * Ends a journey's own server: its page first, since a request the page still makes (a poll, a
 * suggestion) to a stopped server is a console error.
 */
export async function closePageThenStop(page: Page, server: { stop(): Promise<void> }) {
  await page.close();
  await server.stop();
}
