import { expect, test } from './fixtures';
import { createSampleChat } from './support/consult';
import { signUpOnboarded } from './support/onboarding';

const occurrences = (text: string, part: string) => text.split(part).length - 1;

test.describe('a live answer', () => {
  test('survives a reload, is followed live by a second page, and Stop there stops it for both', async ({
    page,
    server,
    context,
  }) => {
    await signUpOnboarded(page, server);
    const chatId = await createSampleChat(page, server);
    const answers = page.getByRole('article', { name: 'Assistant message' });

    // The first answer, held by the gate after its first words, then the page is reloaded.
    await server.holdOfflineModel();
    await page.goto(`/chat/${chatId}`);
    await expect(answers.first()).toContainText('Here are the moments of this video');
    const soFar = ((await answers.first().textContent()) ?? '').trim();
    await page.reload();
    // What arrived is there at once, the model still held: the answer is followed, not asked again.
    await expect(answers.first()).toContainText(soFar);
    await expect(page.getByRole('button', { name: 'Stop' })).toBeVisible();
    await server.releaseOfflineModel();
    await expect(answers.first()).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    await expect(answers).toHaveCount(1);
    const whole = (await answers.first().textContent()) ?? '';
    expect(occurrences(whole, soFar)).toBe(1);
    expect(occurrences(whole, 'Ask a follow-up about any moment above')).toBe(1);
    await expect(answers.first()).not.toContainText('stopped early');

    // A follow-up, held; a second page on the chat follows it live, and stops it there.
    await server.holdOfflineModel();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Tell me more about referrals');
    await box.press('Enter');
    await expect(answers.nth(1)).toContainText('Here is what the video says');
    const second = await context.newPage();
    await second.goto(`/chat/${chatId}`);
    const followed = second.getByRole('article', { name: 'Assistant message' });
    await expect(followed.nth(1)).toContainText('Here is what the video says');
    await second.getByRole('button', { name: 'Stop' }).click();
    for (const shown of [answers, followed]) {
      await expect(shown.nth(1)).toContainText('stopped early');
      await expect(shown).toHaveCount(2);
    }
    await expect(page.getByRole('button', { name: 'Stop' })).toHaveCount(0);
    await server.releaseOfflineModel();

    // Saved with what arrived; nothing more comes once the model is let go.
    const view = await (await page.request.get(`/api/chats/${chatId}`)).json();
    const saved = view.messages.at(-1);
    expect(saved).toMatchObject({ role: 'assistant', status: 'partial' });
    expect(saved.content).toContain('Here is what the video says');
    expect(saved.content).not.toContain('Ask a follow-up about any moment above');
    expect(view.liveReply).toBeNull();
    await page.reload();
    await expect(answers.nth(1)).toContainText('stopped early');
    await expect(answers).toHaveCount(2);
    await expect(answers.nth(1)).not.toContainText('Ask a follow-up about any moment above');
  });
});
