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
const LOYALTY_VIDEO = 'https://www.youtube.com/watch?v=manualEn001';

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
});
