import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createChatThroughConsult } from './support/consult';
import { signUpOnboarded } from './support/onboarding';

/** Two talks, each the only one to mention its own words: an answer that needs both must cite both. */
const PRICING_TALK = [
  '0:00',
  'Welcome to a talk about pricing a neighbourhood bakery.',
  '3:10',
  'Croissant margins improve when the morning rush pays a premium for delivery before breakfast.',
  '9:45',
  'Never discount bread at closing time: it teaches regulars to wait.',
].join('\n');
const LOYALTY_TALK = [
  '0:00',
  'This episode is about keeping cafe regulars.',
  '14:05',
  'An espresso stamp card with a tenth coffee free brings loyalty members back every week.',
  '21:30',
  'Ask your happiest regulars for referrals in person.',
].join('\n');
const PRICING_VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const LOYALTY_VIDEO = 'https://www.youtube.com/watch?v=manualEn001';
const REFERRAL_VIDEO = 'https://www.youtube.com/watch?v=autoOnly001';
const REFERRAL_VTT = `WEBVTT

00:00:05.000 --> 00:00:09.000
A talk on referral rewards for small shops.

00:07:30.000 --> 00:07:36.000
A sourdough starter kit makes the best referral reward.
`;

/** A consultation made through /consult from a pasted transcript and its YouTube link; waits for its first answer. */
async function consultOn(page: Page, transcript: string, link: string) {
  await page.goto('/consult');
  await page.getByRole('tab', { name: 'Manual Transcript' }).click();
  await page.getByPlaceholder('Paste your transcript here...').fill(transcript);
  await page.getByLabel('YouTube link (optional)').fill(link);
  await page.getByRole('button', { name: 'Analyze' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const chatPath = new URL(page.url()).pathname;
  await expect(page.getByRole('article', { name: 'Assistant message' }).first()).toContainText(
    /Tokens: \d+/,
    {
      timeout: 30_000,
    },
  );
  return chatPath;
}

test.describe('consultations of several videos', () => {
  // A video refused (the same one twice) is a 409 the page shows: expected.
  test.use({ allowConsoleErrors: [/\/api\/chats\/[^/]+\/sources$/] });

  test.beforeEach(async ({ page, server }) => {
    await signUpOnboarded(page, server);
  });

  test('add a video to a one-source chat through its three intakes, see it listed and in the history, remove it', async ({
    page,
  }) => {
    await createChatThroughConsult(page, PRICING_TALK);
    const answers = page.getByRole('article', { name: 'Assistant message' });
    await expect(answers.first()).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    const videos = page.getByRole('list', { name: 'Videos of this consultation' });
    await expect(videos.getByRole('listitem')).toHaveCount(1);

    await page.getByRole('button', { name: 'Add a video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a video' });
    await dialog.getByRole('tab', { name: 'Manual Transcript' }).click();
    await dialog.getByPlaceholder('Paste your transcript here...').fill(PRICING_TALK);
    await dialog.getByLabel('YouTube link (optional)').fill(LOYALTY_VIDEO);
    await dialog.getByRole('button', { name: 'Add video' }).click();
    // The same transcript twice is refused, saying why, and the dialog keeps what was typed.
    await expect(dialog.getByRole('alert')).toContainText(
      'This video is already a source of this consultation',
    );
    await dialog.getByPlaceholder('Paste your transcript here...').fill(LOYALTY_TALK);
    await dialog.getByRole('button', { name: 'Add video' }).click();
    await expect(dialog).toBeHidden();

    await expect(videos.getByRole('listitem')).toHaveCount(2);
    await expect(videos).toContainText('V2');
    await expect(videos).toContainText('This episode is about keeping cafe regulars. An es');
    await expect(videos.getByRole('link', { name: /on YouTube$/ }).last()).toHaveAttribute(
      'href',
      LOYALTY_VIDEO,
    );
    await expect(
      page.getByText('Added video V2: This episode is about keeping cafe regulars.'),
    ).toBeVisible();
    // A chat of two videos names them in its list rather than in its header.
    await expect(page.getByRole('button', { name: 'Transcript' })).toHaveCount(0);

    await page.getByRole('button', { name: /^Remove This episode/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove video' });
    await expect(confirm).toContainText('Earlier answers keep their citations.');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(confirm).toBeHidden();
    await expect(videos.getByRole('listitem')).toHaveCount(1);
    await expect(
      page.getByText('Removed video V2: This episode is about keeping cafe regulars.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Transcript' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  });

  test('ask the library a question two videos answer: both cited, each link at its moment; then a video added to a one-source chat is cited by a follow-up', async ({
    page,
  }) => {
    const pricingChat = await consultOn(page, PRICING_TALK, PRICING_VIDEO);
    await consultOn(page, LOYALTY_TALK, LOYALTY_VIDEO);

    await page.goto('/saved-chats');
    const question = 'How do croissant margins and an espresso stamp card fit together?';
    await page.getByRole('textbox', { name: 'Your question' }).fill(question);
    await page.getByRole('button', { name: 'Ask' }).click();
    // The answer streams in place, then its consultation opens, titled by the question.
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { name: question })).toBeVisible();
    const videos = page.getByRole('list', { name: 'Videos of this consultation' });
    await expect(videos.getByRole('listitem')).toHaveCount(2);
    const answer = page.getByRole('article', { name: 'Assistant message' }).first();
    await expect(answer).toContainText(/Tokens: \d+/);
    const croissant = answer
      .getByRole('link', { name: 'Welcome to a talk about pricing a neighbourhood ba at 03:10' })
      .first();
    await expect(croissant).toHaveAttribute('href', `${PRICING_VIDEO}&t=190s`);
    await expect(croissant).toHaveAttribute('target', '_blank');
    await expect(croissant).toHaveText(/^\[V\d 03:10\]$/);
    const espresso = answer
      .getByRole('link', { name: 'This episode is about keeping cafe regulars. An es at 14:05' })
      .first();
    await expect(espresso).toHaveAttribute('href', `${LOYALTY_VIDEO}&t=845s`);
    await expect(espresso).toHaveText(/^\[V\d 14:05\]$/);

    // A one-source chat keeps its [mm:ss] links and 'Watch Video'; a video added to it is cited by the next answer.
    await page.goto(pricingChat);
    await expect(page.getByRole('link', { name: 'Watch Video' })).toHaveAttribute('href', PRICING_VIDEO);
    await expect(page.getByRole('link', { name: '[03:10]' }).first()).toHaveAttribute(
      'href',
      `${PRICING_VIDEO}&t=190s`,
    );
    await page.getByRole('button', { name: 'Add a video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a video' });
    await dialog.getByRole('tab', { name: 'Caption File' }).click();
    await dialog.getByLabel('Caption file (.srt or .vtt, up to 2 MB)').setInputFiles({
      name: 'referrals.vtt',
      mimeType: 'text/vtt',
      buffer: Buffer.from(REFERRAL_VTT),
    });
    await dialog.getByLabel('YouTube link (optional)').fill(REFERRAL_VIDEO);
    await dialog.getByRole('button', { name: 'Add video' }).click();
    await expect(dialog).toBeHidden();
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill('Which referral reward should I offer, a sourdough starter kit?');
    await box.press('Enter');
    const followUp = page.getByRole('article', { name: 'Assistant message' }).nth(1);
    await expect(followUp).toContainText(/Tokens: \d+/, { timeout: 30_000 });
    const starterKit = followUp
      .getByRole('link', { name: 'A talk on referral rewards for small shops. A sour at 07:30' })
      .first();
    await expect(starterKit).toHaveText('[V2 07:30]');
    await expect(starterKit).toHaveAttribute('href', `${REFERRAL_VIDEO}&t=450s`);
  });
});
