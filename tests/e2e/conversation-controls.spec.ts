import { startOpenAiStub } from '../../scripts/lib/openai-stub.mjs';
import { closePageThenStop, collectConsoleErrors, expect, test } from './fixtures';
import { startAppServer } from './server';
import { createChatThroughConsult, createSampleChat } from './support/consult';
import { pauseMemoryViaApi, signUpOnboarded } from './support/onboarding';

/** A talk of timed passages on separate topics: the first answer leaves some for the follow-ups. */
const TALK = [
  '0:05',
  'Raise the price of your sourdough boxes every spring and tell customers why.',
  '1:10',
  'A loyalty card with a free loaf after ten visits brings regulars back each week.',
  '2:20',
  'Sell gift boxes to local companies in December for their staff and clients.',
  '3:30',
  'Post a short video of the morning bake on social media to build a following.',
  '4:40',
  'Train a second baker so the shop can open on Sundays without burning out.',
  '5:50',
  'Partner with a coffee roaster nearby and sell their beans at the counter.',
  '7:00',
  'Bake smaller batches late in the afternoon so nothing goes stale overnight.',
  '8:10',
  'Host a monthly bread class on Saturday mornings for families in the area.',
].join('\n');

test.describe('conversation controls', () => {
  // A revoked link answers 404 by design.
  test.use({ allowConsoleErrors: [/\/api\/shared\/[^/]+$/] });

  test('rate 👎 with a reason and see it as a super admin; share, read without cookies, revoke; send a suggested follow-up', async ({
    page,
    server,
    browser,
  }) => {
    const owner = await signUpOnboarded(page, server);
    await createChatThroughConsult(page, TALK);
    const chatUrl = page.url();
    const answers = page.getByRole('article', { name: 'Assistant message' });
    await expect(answers.first()).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!;

    // Rate 👎 from the keyboard, give a reason and a note.
    const bad = answers.first().getByRole('button', { name: 'Bad answer' });
    await bad.focus();
    await page.keyboard.press('Enter');
    const why = page.getByRole('dialog', { name: 'What went wrong?' });
    await why.getByLabel('Did not use the video').check();
    await why.getByLabel('Anything to add?').fill('It skipped the gift boxes part');
    await why.getByRole('button', { name: 'Send feedback' }).click();
    await expect(why).toBeHidden();
    await expect(bad).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(
      page
        .getByRole('article', { name: 'Assistant message' })
        .first()
        .getByRole('button', { name: 'Bad answer' }),
    ).toHaveAttribute('aria-pressed', 'true');

    // A suggested follow-up under the last answer: clicking it sends it.
    const suggestions = page.getByRole('region', { name: 'Suggested follow-ups' });
    const first = suggestions.getByRole('button').first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    const question = (await first.textContent())!.trim();
    await first.click();
    await expect(page.getByRole('article', { name: 'Your message' }).last()).toHaveText(
      new RegExp(question.slice(0, 20)),
    );
    await expect(answers).toHaveCount(2);
    await expect(answers.nth(1)).toContainText(/Tokens: \d+/, { timeout: 30_000 });

    // Share: the warning, a link, copied.
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share a read-only link' });
    await expect(share).toContainText('Anyone with the link can read this conversation');
    await share.getByRole('button', { name: 'Create link' }).click();
    const linkField = share.getByRole('textbox', { name: 'Share link' });
    await expect(linkField).toHaveValue(/\/shared\/[A-Za-z0-9_-]{43}$/);
    const link = await linkField.inputValue();
    await expect(share).toContainText('3 messages');

    // A fresh browser without cookies reads it, without any input; noindex.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    const visitorErrors = collectConsoleErrors(visitor, [/\/api\/shared\/[^/]+$/]);
    const response = await visitor.goto(link);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await expect(visitor.getByRole('article', { name: 'Answer' })).toHaveCount(2);
    await expect(visitor.getByRole('article', { name: 'Question' })).toContainText(question.slice(0, 20));
    await expect(visitor.getByRole('textbox')).toHaveCount(0);
    await expect(visitor.getByRole('link', { name: 'Sign in to save a copy' })).toBeVisible();
    expect(await visitorContext.cookies()).toEqual([]);
    // Signing in from the shared page comes back to it, where the copy can be saved.
    await visitor.getByRole('link', { name: 'Sign in to save a copy' }).click();
    await visitor.getByLabel('Email').fill(owner.email);
    await visitor.getByLabel('Password').fill(owner.password);
    await visitor.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(visitor).toHaveURL(link);
    await expect(visitor.getByRole('button', { name: 'Save a copy' })).toBeVisible();

    // Revoked: the link answers 'not found'.
    await share.getByRole('button', { name: 'Revoke' }).click();
    await expect(share.getByRole('textbox', { name: 'Share link' })).toHaveCount(0);
    await visitor.reload();
    await expect(visitor.getByRole('heading', { name: 'Link not found' })).toBeVisible();
    expect(visitorErrors.filter((error) => !/404/.test(error))).toEqual([]);
    await visitorContext.close();
    await page.keyboard.press('Escape');

    // A super admin sees the 👎 with its reason and opens the chat read-only.
    const bossContext = await browser.newContext({ baseURL: server.baseURL });
    const boss = await bossContext.newPage();
    await signUpOnboarded(boss, server, { superAdmin: true });
    await boss.goto('/admin/assistant');
    const latest = boss.getByRole('region', { name: 'Latest 👎 answers' });
    const entry = latest.getByRole('listitem').filter({ hasText: 'It skipped the gift boxes part' });
    await expect(entry).toContainText('Did not use the video');
    await expect(boss.getByRole('table', { name: '👍 by model' })).toContainText('offline');
    await entry.getByRole('link', { name: title }).click();
    // The rated answer itself, read-only, whatever branch the user is on now.
    await expect(boss).toHaveURL(new RegExp(`${new URL(chatUrl).pathname}\\?ia=1&version=[0-9a-f-]{36}$`));
    await expect(boss.getByRole('heading', { name: title })).toBeVisible();
    await expect(boss.getByPlaceholder(/message/i)).toHaveCount(0);
    await bossContext.close();
  });
});

test.describe('suggested follow-ups with an AI key', () => {
  // The next answer's suggestions are refused (409) while the earlier ones are still written: expected.
  test.use({ allowConsoleErrors: [/\/follow-ups$/] });

  test('Send while suggestions are being written: the reply is answered, and the suggestions come back after it', async ({
    page,
  }) => {
    const stub = await startOpenAiStub();
    const server = await startAppServer({ OPENAI_API_KEY: 'sk-e2e', OPENAI_BASE_URL: stub.baseURL });
    let writeSuggestions = () => {};
    const suggestionsHeld = new Promise<void>((resolve) => {
      writeSuggestions = resolve;
    });
    const suggestionCalls = () =>
      stub.requests.filter((r) => r.path.endsWith('/chat/completions') && !r.body.stream).length;
    try {
      await signUpOnboarded(page, server);
      await pauseMemoryViaApi(page, server);
      const chatId = await createSampleChat(page, server);
      // The first answer, then its suggestions, held until the test lets them be written.
      stub.enqueue(
        { chunks: ['Start ', 'with ', 'referrals ', '[00:12].'] },
        { chunks: ['1. How do I reward referrals?'], hold: { after: 0, until: suggestionsHeld } },
      );
      await page.goto(`${server.baseURL}/chat/${chatId}`);
      const answers = page.getByRole('article', { name: 'Assistant message' });
      await expect(answers.first()).toContainText(/Tokens: \d+/);
      await expect.poll(suggestionCalls).toBe(1);

      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill('Which tier first?');
      await box.press('Enter');
      await expect(answers.nth(1)).toContainText('Here is advice from the stub');
      await expect(answers.nth(1)).toContainText(/Tokens: \d+/);
      const questions = page.getByRole('article', { name: 'Your message' });
      await expect(questions).toHaveCount(1);
      await expect(questions).toContainText('Which tier first?');
      await expect(box).toHaveValue('');

      // The new answer's suggestions wait for the earlier ones, then are written.
      stub.enqueue({ chunks: ['1. How do I price the premium tier?'] });
      writeSuggestions();
      const suggestions = page.getByRole('region', { name: 'Suggested follow-ups' });
      await expect(suggestions.getByRole('button', { name: 'How do I price the premium tier?' })).toBeVisible(
        {
          timeout: 30_000,
        },
      );
    } finally {
      writeSuggestions();
      await closePageThenStop(page, server);
      await stub.close();
    }
  });
});
