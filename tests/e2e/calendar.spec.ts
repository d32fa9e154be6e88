import ICAL from 'ical.js';
import { expect, test } from './fixtures';
import { expectNoSeriousViolations } from './support/accessibility';
import { signUpOnboarded } from './support/onboarding';
import { addPlanItemViaApi } from './support/plan';

/** The feed as a calendar app reads it: a plain request with no cookie. */
async function feedTitles(address: string): Promise<string[]> {
  const response = await fetch(address);
  expect(response.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await response.text()) as unknown[]);
  return calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent).summary);
}

test('Subscribe in your calendar: a private address that follows the plan, and a reset that stops the old one', async ({
  page,
  server,
}) => {
  await signUpOnboarded(page, server);
  await addPlanItemViaApi(page, server, { title: 'Call ten regulars', dueDate: '2031-03-04' });
  await addPlanItemViaApi(page, server, { title: 'Print flyers', dueDate: '2031-03-05' });
  await page.goto('/plan');

  await page.getByRole('button', { name: 'Subscribe in your calendar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe in your calendar' });
  await dialog.getByRole('button', { name: 'Create my private address' }).click();
  const field = dialog.getByLabel('Private calendar address');
  await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const address = await field.inputValue();
  await expect(dialog.getByRole('link', { name: 'Open in your calendar app' })).toHaveAttribute(
    'href',
    address.replace(/^http:/, 'webcal:'),
  );
  await expectNoSeriousViolations(page, 'the calendar address dialog');
  expect(await feedTitles(address)).toEqual(['Call ten regulars', 'Print flyers']);

  // A step marked done leaves the calendar.
  await page.keyboard.press('Escape');
  await page.getByLabel('Status of Call ten regulars').selectOption('Done');
  // Done asks how it went (an outcome Vidvisor remembers): skipped here.
  const outcome = page.getByRole('dialog', { name: 'How did it go?' });
  await outcome.getByRole('button', { name: 'Skip' }).click();
  await expect(outcome).toBeHidden();
  await expect(
    page.getByRole('list', { name: 'Done', exact: true }).getByRole('heading', { name: 'Call ten regulars' }),
  ).toBeVisible();
  expect(await feedTitles(address)).toEqual(['Print flyers']);

  // Reopened, the address is not shown again; a reset gives a new one and the old one stops.
  await page.getByRole('button', { name: 'Subscribe in your calendar' }).click();
  await expect(dialog).toContainText('Your private calendar address is active since');
  await dialog.getByRole('button', { name: 'Reset address' }).click();
  await expect(field).not.toHaveValue(address);
  const reset = await field.inputValue();
  expect((await fetch(address)).status).toBe(404);
  expect(await feedTitles(reset)).toEqual(['Print flyers']);
});
