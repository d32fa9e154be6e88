import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import type { AppServer } from './server';
import { createSampleChat } from './support/consult';
import { signUpOnboarded } from './support/onboarding';

/** A second version of the chat's last answer, made as its Regenerate button would (streamed to its end). */
async function regenerateLastAnswer(page: Page, server: AppServer, chatId: string) {
  const view = await (await page.request.get(`/api/chats/${chatId}`)).json();
  const regenerated = await page.request.post(
    `/api/chats/${chatId}/messages/${view.messages.at(-1).id}/regenerate`,
    { headers: { origin: server.baseURL } },
  );
  expect(regenerated.status()).toBe(200);
  await regenerated.body();
}

test.describe('keyboard shortcuts', () => {
  test('by keyboard only: the sheet, new consultation, Saved Chats search, the message box and Stop', async ({
    page,
    server,
  }) => {
    await signUpOnboarded(page, server);
    const chatId = await createSampleChat(page, server);
    await page.goto('/dashboard');
    // The shortcuts belong to the signed-in app: they listen once the session is known (as the widget shows).
    await expect(page.getByRole('button', { name: 'Support', exact: true })).toBeVisible();

    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toContainText('New consultation');
    await expect(sheet).toContainText('Stop a reply');
    await page.keyboard.press('n'); // no shortcut fires behind the open sheet
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);

    await page.keyboard.press('n');
    await expect(page).toHaveURL(/\/consult$/);

    await page.keyboard.press('s');
    await expect(page).toHaveURL(/\/saved-chats$/);
    const search = page.getByRole('searchbox', { name: 'Search your chats' });
    await expect(search).toBeFocused();
    await page.keyboard.type('ns?'); // typed into the field: no shortcut fires
    await expect(search).toHaveValue('ns?');
    await expect(page).toHaveURL(/\/saved-chats$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.goto(`/chat/${chatId}`);
    const answers = page.getByRole('article', { name: 'Assistant message' });
    await expect(answers.first()).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    await page.keyboard.press('/');
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('');

    // Stop works while typing in the message box: the reply is held after its first words.
    await server.holdOfflineModel();
    await page.keyboard.type('Tell me more about referrals');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await expect(answers.nth(1)).toContainText('Here is what the video says');
    await expect(box).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(answers.nth(1)).toContainText('stopped early');
    await server.releaseOfflineModel();
    await expect(page.getByRole('status').filter({ hasText: /^Response stopped$/ })).toBeVisible();
  });

  test('by keyboard only: [ and ] move between the versions of an answer, the focused one first, but not while typing', async ({
    page,
    server,
  }) => {
    await signUpOnboarded(page, server);
    const chatId = await createSampleChat(page, server);
    await page.goto(`/chat/${chatId}`);
    const answer = page.getByRole('article', { name: 'Assistant message' }).first();
    await expect(answer).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    await regenerateLastAnswer(page, server, chatId);
    await page.reload();
    const versions = answer.getByRole('group', { name: 'Versions' });
    await expect(versions).toContainText('2 / 2');

    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toContainText(
      'Previous version of the focused message, or of the last one that has several',
    );
    await expect(sheet).toContainText(
      'Next version of the focused message, or of the last one that has several',
    );
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);

    await page.keyboard.press('[');
    await expect(versions).toContainText('1 / 2');
    await expect(versions.getByRole('button', { name: 'Previous version' })).toBeDisabled();
    await page.keyboard.press(']');
    await expect(versions).toContainText('2 / 2');

    // Typed into the message box, the keys are text.
    await page.keyboard.press('/');
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect(box).toBeFocused();
    await page.keyboard.type('[draft]');
    await expect(box).toHaveValue('[draft]');
    await expect(versions).toContainText('2 / 2');
    await box.fill('');

    // A follow-up with two versions of its own: [ acts on the answer holding the focus, not the last one.
    const followUp = await page.request.post(`/api/chats/${chatId}/messages`, {
      data: { content: 'And referrals?' },
      headers: { origin: server.baseURL },
    });
    expect(followUp.status()).toBe(200);
    await followUp.body();
    await regenerateLastAnswer(page, server, chatId);
    await page.reload();
    const lastAnswer = page.getByRole('article', { name: 'Assistant message' }).nth(1);
    await expect(lastAnswer.getByRole('group', { name: 'Versions' })).toContainText('2 / 2');
    await expect(versions).toContainText('2 / 2');
    await answer.getByRole('button', { name: 'Copy message' }).focus();
    await page.keyboard.press('[');
    await expect(versions).toContainText('1 / 2');
  });
});
