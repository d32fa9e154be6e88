import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { startOpenAiStub } from '../../scripts/lib/openai-stub.mjs';
import { dayLabel } from '../../src/shared/suggestions';
import { USAGE_LIMIT_EXCEEDED_MESSAGE } from '../../src/shared/usage';
import { closePageThenStop, expect, test } from './fixtures';
import { startAppServer } from './server';
import { expectNoSeriousViolations } from './support/accessibility';
import { createSampleChat, SAMPLE_TRANSCRIPT } from './support/consult';
import { signUpOnboarded } from './support/onboarding';
import { addPlanItemViaApi } from './support/plan';

/** A UTC day 'YYYY-MM-DD', `days` from today (due dates are UTC days). */
function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const EDITED_TITLE = 'Launch a referral card for our regulars';
const VIDEO_ID = 'dQw4w9WgXcQ';
const MOMENT_LINK = new RegExp(`^https://www\\.youtube\\.com/watch\\?v=${VIDEO_ID}&t=\\d+s$`);

test.describe('My Plan', () => {
  test('Make a plan from an answer, keep three, work the plan, export the .ics, Ask about this, and see it on the dashboard', async ({
    page,
    server,
  }) => {
    await signUpOnboarded(page, server);
    // A pasted transcript with its video's link: the answer's citations name moments of that video.
    await page.goto('/consult');
    await page.getByRole('tab', { name: 'Manual Transcript' }).click();
    await page.getByPlaceholder('Paste your transcript here...').fill(SAMPLE_TRANSCRIPT);
    await page.getByLabel('YouTube link (optional)').fill(`https://youtu.be/${VIDEO_ID}`);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    const chatId = new URL(page.url()).pathname.split('/').at(-1)!;

    // Make a plan on the first answer once it is stored.
    const answer = page.getByRole('article', { name: 'Assistant message' }).first();
    await answer.getByRole('button', { name: 'Make a plan' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Make a plan' });
    const proposed = dialog.getByRole('list', { name: 'Proposed items' }).getByRole('listitem');
    await expect(proposed.first()).toBeVisible();
    const count = await proposed.count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let index = 3; index < count; index++) {
      await proposed
        .nth(index)
        .getByRole('checkbox', { name: `Keep item ${index + 1}` })
        .uncheck();
    }
    const kept = [
      EDITED_TITLE,
      await proposed.nth(1).getByLabel('Title').inputValue(),
      await proposed.nth(2).getByLabel('Title').inputValue(),
    ];
    await proposed.first().getByLabel('Title').fill(EDITED_TITLE);
    const due = dayFromToday(2);
    await proposed.first().getByLabel('Due date').fill(due);
    // The moment an item came from opens the video at that second.
    const moment = proposed.first().getByRole('link', { name: /at \d+:\d{2}/ });
    await expect(moment).toHaveAttribute('href', MOMENT_LINK);
    await expect(moment).toHaveAttribute('target', '_blank');
    await dialog.getByRole('button', { name: 'Add to my plan' }).click();
    await expect(dialog).toBeHidden();
    const toast = page.getByRole('listitem').filter({ hasText: '3 items in My Plan' });
    await toast.getByRole('link', { name: 'Open My Plan' }).click();
    await expect(page).toHaveURL(/\/plan$/);

    const todo = page.getByRole('list', { name: 'To do', exact: true });
    await expect(todo.getByRole('heading', { level: 3 })).toHaveText(kept);
    const editedItem = todo.getByRole('listitem', { name: EDITED_TITLE });
    await expect(editedItem).toContainText(`Due ${dayLabel(due)}`);
    await expect(editedItem.getByRole('link', { name: /at \d+:\d{2}/ })).toHaveAttribute('href', MOMENT_LINK);

    // Mark the second one done: it moves to Done, and the progress counts it.
    await page.getByLabel(`Status of ${kept[1]}`).selectOption('Done');
    // Done asks how it went (an outcome Vidvisor remembers): skipped here.
    const outcome = page.getByRole('dialog', { name: 'How did it go?' });
    await outcome.getByRole('button', { name: 'Skip' }).click();
    await expect(outcome).toBeHidden();
    await expect(
      page.getByRole('list', { name: 'Done', exact: true }).getByRole('heading', { level: 3 }),
    ).toHaveText([kept[1]!]);
    await expect(todo.getByRole('heading', { level: 3 })).toHaveText([kept[0]!, kept[2]!]);
    await expect(page.getByRole('definition').first()).toHaveText('1');

    // Reorder by keyboard: Alt+ArrowUp moves the last To do item up; the order is stored.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/plan/order') && r.ok());
    await page.getByRole('button', { name: `Move ${kept[2]} up` }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await saved;
    await expect(todo.getByRole('heading', { level: 3 })).toHaveText([kept[2]!, kept[0]!]);
    await expect(page.getByRole('button', { name: `Move ${kept[2]} down` })).toBeFocused();
    await page.reload();
    await expect(todo.getByRole('heading', { level: 3 })).toHaveText([kept[2]!, kept[0]!]);
    await expectNoSeriousViolations(page, '/plan');

    // The calendar export holds an all-day event on the edited item's due date.
    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Calendar (.ics)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('vidvisor-plan.ics');
    const calendar = new ICAL.Component(ICAL.parse(await readFile((await file.path())!, 'utf8')));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    const edited = events.find((event) => event.summary.includes(EDITED_TITLE));
    expect(edited, 'the edited item is an event').toBeDefined();
    expect(edited!.startDate.isDate).toBe(true);
    expect(edited!.startDate.toString()).toBe(due);

    // Ask about this opens the consultation with the follow-up typed in.
    await editedItem.getByRole('link', { name: 'Ask about this' }).click();
    await expect(page).toHaveURL(new RegExp(`/chat/${chatId}$`));
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
      `I'm working on: ${EDITED_TITLE}`,
    );

    // The dashboard shows what is due this week.
    await page.goto('/dashboard');
    await expect(page.getByRole('list', { name: 'Due this week' })).toContainText(EDITED_TITLE);
  });

  test('a step from an answer on a transcript pasted without a link keeps its moment, which opens the transcript at that passage', async ({
    page,
    server,
  }) => {
    await signUpOnboarded(page, server);
    await page.goto('/consult');
    await page.getByRole('tab', { name: 'Manual Transcript' }).click();
    await page.getByPlaceholder('Paste your transcript here...').fill(SAMPLE_TRANSCRIPT);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    const chatId = new URL(page.url()).pathname.split('/').at(-1)!;

    const answer = page.getByRole('article', { name: 'Assistant message' }).first();
    await answer.getByRole('button', { name: 'Make a plan' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Make a plan' });
    const proposed = dialog.getByRole('list', { name: 'Proposed items' }).getByRole('listitem');
    await expect(proposed.first()).toContainText(/at \d+:\d{2}/);
    const title = await proposed.first().getByLabel('Title').inputValue();
    const count = await proposed.count();
    for (let index = 1; index < count; index++) {
      await proposed
        .nth(index)
        .getByRole('checkbox', { name: `Keep item ${index + 1}` })
        .uncheck();
    }
    await dialog.getByRole('button', { name: 'Add to my plan' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/plan');

    // The step keeps its cited second: a moment of the consultation's transcript, not of a video.
    const moment = page
      .getByRole('list', { name: 'To do', exact: true })
      .getByRole('listitem', { name: title })
      .getByRole('link', { name: /at \d+:\d{2} \(opens the transcript\)/ });
    await expect(moment).toHaveAttribute('href', new RegExp(`^/chat/${chatId}\\?transcript=\\d+$`));
    const label = /at (\d+:\d{2})/.exec((await moment.textContent())!)![1]!;
    await moment.click();
    const transcript = page.getByRole('dialog', { name: 'Video Transcript' });
    const passage = transcript.getByRole('listitem').and(transcript.locator('[aria-current="true"]'));
    await expect(passage).toContainText(label);
    await expect(passage).toBeInViewport();
  });

  test('add by hand, an overdue item in the danger colour, edit with a note, filter, the check-in switch, delete with confirmation', async ({
    page,
    server,
  }) => {
    await signUpOnboarded(page, server);
    await page.goto('/plan');
    await expect(page.getByText('Your plan is empty')).toBeVisible();

    await page.getByRole('button', { name: 'Add an item' }).click();
    const add = page.getByRole('dialog', { name: 'Add an item' });
    await add.getByRole('button', { name: 'Add item' }).click();
    await expect(add.getByRole('alert')).toHaveText('Give the step a title');
    await add.getByLabel('Title').fill('Call three wholesale cafés');
    await add.getByLabel('Due date (optional)').fill(dayFromToday(-3));
    await add.getByRole('button', { name: 'Add item' }).click();
    await expect(add).toBeHidden();
    const item = page.getByRole('listitem', { name: 'Call three wholesale cafés' });
    await expect(item).toContainText('Added by hand');
    await expect(item.getByText(/^Overdue: due /)).toHaveClass(/text-danger/);
    await expect(item.getByRole('link', { name: 'Ask about this' })).toHaveCount(0);

    await item.getByRole('button', { name: 'Edit Call three wholesale cafés' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit item' });
    await edit.getByLabel('Note (optional)').fill('Ask for the buyer, not the barista.');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(item).toContainText('Note: Ask for the buyer, not the barista.');

    // Filters live in the address; one that matches nothing says so.
    await addPlanItemViaApi(page, server, { title: 'Write a wholesale price list' });
    await page.reload();
    const toDo = page.getByRole('list', { name: 'To do', exact: true }).getByRole('heading');
    await expect(toDo).toHaveCount(2);
    await page.getByLabel('Due', { exact: true }).selectOption('Overdue');
    await expect(page).toHaveURL(/\/plan\?due=overdue$/);
    await expect(toDo).toHaveText(['Call three wholesale cafés']);
    // The filters render in a transition: the next one is chosen once the first shows.
    await expect(page.getByLabel('Due', { exact: true })).toHaveValue('overdue');
    await page.getByLabel('Status', { exact: true }).selectOption('Done');
    await expect(page).toHaveURL(/[?&]due=overdue/);
    await expect(page).toHaveURL(/[?&]status=done/);
    await expect(page.getByText('No items match these filters.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(page).toHaveURL(/\/plan$/);
    await expect(toDo).toHaveCount(2);

    // The weekly check-in switch is the same setting here and in /profile.
    const checkIn = page.getByRole('switch', { name: 'Weekly check-in e-mail' });
    await expect(checkIn).not.toBeChecked();
    await checkIn.click();
    await expect(page.getByText('You will get a weekly check-in e-mail')).toBeVisible();
    await page.goto('/profile');
    await expect(page.getByRole('switch', { name: 'Weekly check-in e-mail' })).toBeChecked();
    await page.goto('/plan');

    await item.getByRole('button', { name: 'Delete Call three wholesale cafés' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete item' });
    await expect(confirm).toContainText('Delete “Call three wholesale cafés” from your plan?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(item).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete Write a wholesale price list' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Your plan is empty')).toBeVisible();
  });

  test('an item whose consultation was deleted stays, marked, with no way to ask about it', async ({
    page,
    server,
  }) => {
    await signUpOnboarded(page, server);
    const chatId = await createSampleChat(page, server);
    await page.goto(`/chat/${chatId}`);
    const answer = page.getByRole('article', { name: 'Assistant message' }).first();
    await answer.getByRole('button', { name: 'Make a plan' }).click({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Make a plan' });
    const proposed = dialog.getByRole('list', { name: 'Proposed items' }).getByRole('listitem');
    await expect(proposed.first()).toBeVisible();
    const title = await proposed.first().getByLabel('Title').inputValue();
    const count = await proposed.count();
    for (let index = 1; index < count; index++) {
      await proposed
        .nth(index)
        .getByRole('checkbox', { name: `Keep item ${index + 1}` })
        .uncheck();
    }
    await dialog.getByRole('button', { name: 'Add to my plan' }).click();
    await expect(page.getByText('1 item in My Plan')).toBeVisible();

    const removed = await page.request.delete(`${server.baseURL}/api/chats/${chatId}`, {
      headers: { origin: server.baseURL },
    });
    expect(removed.ok()).toBe(true);
    await page.goto('/plan');
    const item = page.getByRole('listitem', { name: title });
    await expect(item).toContainText('consultation deleted');
    await expect(item.getByRole('link', { name: 'Ask about this' })).toHaveCount(0);
  });

  test.describe('at the month’s token limit', () => {
    // The proposal is refused with a 402, which the browser logs.
    test.use({ allowConsoleErrors: [/status of 402/] });

    test('Make a plan says the usual limit message', async ({ page }) => {
      const stub = await startOpenAiStub({
        defaultReply: {
          chunks: ['Start ', 'with ', 'a ', 'referral ', 'card.'],
          usage: { prompt_tokens: 30_500, completion_tokens: 5 },
        },
      });
      const server = await startAppServer({ OPENAI_API_KEY: 'sk-e2e', OPENAI_BASE_URL: stub.baseURL });
      try {
        await signUpOnboarded(page, server);
        const chatId = await createSampleChat(page, server);
        // That first answer takes the free plan past its 30,000 tokens.
        await page.goto(`${server.baseURL}/chat/${chatId}`);
        await expect(page.getByText(USAGE_LIMIT_EXCEEDED_MESSAGE)).toBeVisible({ timeout: 30_000 });
        const requests = stub.requests.length;
        await page.getByRole('button', { name: 'Make a plan' }).click();
        const dialog = page.getByRole('dialog', { name: 'Make a plan' });
        await expect(dialog.getByText(USAGE_LIMIT_EXCEEDED_MESSAGE)).toBeVisible();
        await expect(dialog.getByRole('button', { name: 'Add to my plan' })).toHaveCount(0);
        expect(stub.requests.length, 'the provider is not asked').toBe(requests);
      } finally {
        await closePageThenStop(page, server);
        await stub.close();
      }
    });
  });
});

test.describe('the weekly check-in unsubscribe page', () => {
  test.use({ allowConsoleErrors: [/\/api\/plan\/check-in\/unsubscribe\?token=/] });

  test('opens without sign-in and refuses a link that is not valid, pointing to My Plan', async ({
    page,
  }) => {
    await page.goto('/plan/unsubscribe?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Unsubscribe from the weekly check-in' })).toBeVisible();
    await expect(
      page.getByText('This unsubscribe link is not valid. Sign in to change your e-mail settings.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to My Plan' })).toHaveAttribute('href', '/plan');
  });
});

/** A zone whose day is not UTC's right now: a day ahead (Kiritimati, UTC+14) or behind (Pago Pago, UTC−11). */
function zoneOffTheUtcDay(): string {
  const utcDay = new Date().toISOString().slice(0, 10);
  const dayIn = (timeZone: string) => new Date().toLocaleDateString('en-CA', { timeZone });
  return ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((zone) => dayIn(zone) !== utcDay)!;
}

test.describe('My Plan in the user’s time zone', () => {
  const zone = zoneOffTheUtcDay();
  test.use({ timezoneId: zone });

  test('takes the browser’s time zone on the first visit, reads due dates by it, and follows a change in account settings', async ({
    page,
    server,
  }) => {
    await signUpOnboarded(page, server);
    const localToday = new Date().toLocaleDateString('en-CA', { timeZone: zone });
    await addPlanItemViaApi(page, server, { title: 'Call the flour supplier', dueDate: localToday });

    await page.goto('/profile');
    // Account settings: the zone the browser gave, and "Answer in" beside it.
    await expect(page.getByLabel('Time zone')).toHaveValue(zone);
    await expect(page.getByLabel('Answer in')).toHaveValue('en');

    await page.goto('/plan');
    const item = page.getByRole('listitem', { name: 'Call the flour supplier' });
    await expect(item.getByText('Due today')).toBeVisible();
    await expect(page.getByText('Due filters show open steps only (to do and in progress).')).toBeVisible();

    await page.goto('/profile');
    await page.getByLabel('Time zone').selectOption('UTC');
    await expect(page.getByText('Time zone saved')).toBeVisible();
    await page.getByLabel('Answer in').selectOption('es');
    await expect(page.getByText('Answer language saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Time zone')).toHaveValue('UTC');
    await expect(page.getByLabel('Answer in')).toHaveValue('es');

    // In UTC the same due date is already past (the zone was a day behind) or tomorrow (a day ahead).
    await page.goto('/plan');
    await expect(
      page
        .getByRole('listitem', { name: 'Call the flour supplier' })
        .getByText(zone === 'Pacific/Pago_Pago' ? /^Overdue: due / : 'Due tomorrow'),
    ).toBeVisible();
  });
});
