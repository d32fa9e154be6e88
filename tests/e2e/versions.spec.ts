import { collectConsoleErrors, expect, test } from './fixtures';
import { createSampleChat } from './support/consult';
import { signUpOnboarded } from './support/onboarding';

test.describe('versions of answers and questions', () => {
  test('regenerate an answer and move between versions; edit a question and move between branches', async ({
    page,
    server,
  }) => {
    await signUpOnboarded(page, server);
    const chatId = await createSampleChat(page, server);
    await page.goto(`/chat/${chatId}`);
    const answers = page.getByRole('article', { name: 'Assistant message' });
    const questions = page.getByRole('article', { name: 'Your message' });
    // The footer appears when the stream ends and the reply is saved (slow on a loaded machine).
    await expect(answers.first()).toContainText(/Tokens: \d+/, { timeout: 30_000 });

    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('How should I price a premium tier?');
    await box.press('Enter');
    await expect(answers).toHaveCount(2);
    await expect(answers.last()).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    // Only the last answer can be regenerated.
    await expect(answers.first().getByRole('button', { name: 'Regenerate answer' })).toHaveCount(0);

    await answers.last().getByRole('button', { name: 'Regenerate answer' }).click();
    const answerVersions = answers.last().getByRole('group', { name: 'Versions' });
    await expect(answerVersions).toContainText('2 / 2', { timeout: 30_000 });
    await expect(answers).toHaveCount(2);
    await answerVersions.getByRole('button', { name: 'Previous version' }).click();
    await expect(answerVersions).toContainText('1 / 2');
    await expect(answerVersions.getByRole('button', { name: 'Previous version' })).toBeDisabled();
    // The version shown survives a reload.
    await page.reload();
    await expect(answers.last().getByRole('group', { name: 'Versions' })).toContainText('1 / 2');
    await answers
      .last()
      .getByRole('group', { name: 'Versions' })
      .getByRole('button', { name: 'Next version' })
      .click();
    await expect(answers.last().getByRole('group', { name: 'Versions' })).toContainText('2 / 2');

    // Edit the question: a new branch replaces what followed it; the earlier branch stays reachable.
    await questions.last().getByRole('button', { name: 'Edit message' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit your message' });
    await expect(editor).toBeFocused();
    await expect(editor).toHaveValue('How should I price a premium tier?');
    await editor.fill('How should I price a delivery subscription?');
    await editor.press('Enter');
    await expect(questions.last()).toContainText('delivery subscription');
    const questionVersions = questions.last().getByRole('group', { name: 'Versions' });
    await expect(questionVersions).toContainText('2 / 2');
    await expect(answers.last()).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    // The new branch's answer has no other version.
    await expect(answers.last().getByRole('group', { name: 'Versions' })).toHaveCount(0);

    await questionVersions.getByRole('button', { name: 'Previous version' }).click();
    await expect(questions.last()).toContainText('a premium tier?');
    await expect(questionVersions).toContainText('1 / 2');
    // The earlier branch comes back whole, with its answer's two versions.
    await expect(answers.last().getByRole('group', { name: 'Versions' })).toContainText('2 / 2');
    await page.reload();
    await expect(questions.last()).toContainText('a premium tier?');
    await questions
      .last()
      .getByRole('group', { name: 'Versions' })
      .getByRole('button', { name: 'Next version' })
      .click();
    await expect(questions.last()).toContainText('delivery subscription');
  });

  test('a super admin opens a 👎 answer the user has regenerated, and steps through versions read-only', async ({
    page,
    server,
    browser,
  }) => {
    await signUpOnboarded(page, server);
    const chatId = await createSampleChat(page, server);
    await page.goto(`/chat/${chatId}`);
    const answers = page.getByRole('article', { name: 'Assistant message' });
    const questions = page.getByRole('article', { name: 'Your message' });
    await expect(answers.first()).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('How should I price a premium tier?');
    await box.press('Enter');
    // The follow-up's answer is the last one only once it is on screen: the first has its tokens already.
    await expect(answers).toHaveCount(2);
    await expect(answers.last()).toContainText(/Tokens: \d+/, { timeout: 30_000 });

    // 👎 on the answer, then the usual reaction: regenerate it. Then a new branch from an edited question.
    await answers.last().getByRole('button', { name: 'Bad answer' }).click();
    const why = page.getByRole('dialog', { name: 'What went wrong?' });
    await why.getByLabel('Anything to add?').fill('Too vague about tiers');
    await why.getByRole('button', { name: 'Send feedback' }).click();
    await expect(why).toBeHidden();
    await answers.last().getByRole('button', { name: 'Regenerate answer' }).click();
    await expect(answers.last().getByRole('group', { name: 'Versions' })).toContainText('2 / 2', {
      timeout: 30_000,
    });
    await questions.last().getByRole('button', { name: 'Edit message' }).click();
    const editor = page.getByRole('textbox', { name: 'Edit your message' });
    await editor.fill('How should I price a delivery subscription?');
    await editor.press('Enter');
    await expect(questions.last().getByRole('group', { name: 'Versions' })).toContainText('2 / 2');
    await expect(answers.last()).toContainText(/Tokens: \d+/, { timeout: 30_000 });

    const bossContext = await browser.newContext({ baseURL: server.baseURL });
    const boss = await bossContext.newPage();
    const bossErrors = collectConsoleErrors(boss);
    await signUpOnboarded(boss, server, { superAdmin: true });
    await boss.goto('/admin/assistant');
    const entry = boss
      .getByRole('region', { name: 'Latest 👎 answers' })
      .getByRole('listitem')
      .filter({ hasText: 'Too vague about tiers' });
    await entry.getByRole('link').click();
    // The rated version, not the branch on screen: its question and the first of its answer's two versions.
    await expect(boss).toHaveURL(/[?&]ia=1&version=[0-9a-f-]{36}$/);
    const bossAnswers = boss.getByRole('article', { name: 'Assistant message' });
    const bossQuestions = boss.getByRole('article', { name: 'Your message' });
    await expect(bossQuestions.last()).toContainText('a premium tier?');
    const answerVersions = bossAnswers.last().getByRole('group', { name: 'Versions' });
    await expect(answerVersions).toContainText('1 / 2');
    await expect(boss.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
    await expect(bossAnswers.last().getByRole('button', { name: 'Bad answer' })).toHaveCount(0);

    // Stepping through versions, read-only, from the keyboard too.
    await answerVersions.getByRole('button', { name: 'Next version' }).click();
    await expect(answerVersions).toContainText('2 / 2');
    const questionVersions = bossQuestions.last().getByRole('group', { name: 'Versions' });
    await expect(questionVersions).toContainText('1 / 2');
    await questionVersions.getByRole('button', { name: 'Next version' }).focus();
    await boss.keyboard.press('Enter');
    await expect(bossQuestions.last()).toContainText('delivery subscription');
    await expect(questionVersions).toContainText('2 / 2');
    await questionVersions.getByRole('button', { name: 'Previous version' }).click();
    await expect(bossQuestions.last()).toContainText('a premium tier?');
    expect(bossErrors).toEqual([]);
    await bossContext.close();

    // The user's branch on screen is as the user left it.
    await page.reload();
    await expect(questions.last()).toContainText('delivery subscription');
    await expect(questions.last().getByRole('group', { name: 'Versions' })).toContainText('2 / 2');
  });
});
