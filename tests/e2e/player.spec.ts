import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { type AppServer, startAppServer } from './server';
import { createSampleChat } from './support/consult';
import { type FakePlayerCall, playerCalls, startFakeYouTubePlayer } from './support/fake-youtube-player';
import { signUpOnboarded } from './support/onboarding';

const PRICING_TALK = [
  '0:00',
  'Welcome to a talk about pricing a neighbourhood bakery.',
  '1:10',
  'Never discount bread at closing time: it teaches regulars to wait.',
  '2:05',
  'Croissant margins improve when the morning rush pays a premium for delivery before breakfast.',
  '3:40',
  'Thank you for listening, see you next week.',
].join('\n');
const LOYALTY_TALK = [
  '0:00',
  'This episode is about keeping cafe regulars.',
  '14:05',
  'An espresso stamp card with a tenth coffee free brings loyalty members back every week.',
].join('\n');
const PRICING_ID = 'dQw4w9WgXcQ';
const LOYALTY_ID = 'manualEn001';

let fake: Awaited<ReturnType<typeof startFakeYouTubePlayer>>;
let server: AppServer;
test.beforeAll(async () => {
  fake = await startFakeYouTubePlayer();
  server = await startAppServer({ YOUTUBE_IFRAME_API_URL: fake.scriptUrl });
});
test.afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

/** Asks a question in the open consultation and waits for its answer (the `nth` one). */
async function ask(page: Page, question: string, nth: number) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
  const answer = page.getByRole('article', { name: 'Assistant message' }).nth(nth);
  await expect(answer).toContainText(/Tokens: \d+/, { timeout: 30_000 });
  return answer;
}

/** axe-core (WCAG 2.1 A/AA) on the player and transcript beside the chat: no serious or critical violation. */
async function expectAccessibleDock(page: Page) {
  const results = await new AxeBuilder({ page })
    .include('aside[aria-label="Video and transcript"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The calls made since `from` calls, without the polls of where playback is. */
async function callsSince(page: Page, from: number): Promise<FakePlayerCall[]> {
  return (await playerCalls(page)).slice(from);
}

test.describe('the video beside the consultation', () => {
  test('a citation plays the video in the docked player, the transcript follows it, and the keys drive it', async ({
    page,
  }) => {
    await signUpOnboarded(page, server);
    await page.goto(`${server.baseURL}/consult`);
    await page.getByRole('tab', { name: 'Manual Transcript' }).click();
    await page.getByPlaceholder('Paste your transcript here...').fill(PRICING_TALK);
    await page.getByLabel('YouTube link (optional)').fill(`https://www.youtube.com/watch?v=${PRICING_ID}`);
    await page.getByRole('button', { name: 'Analyze' }).click();
    await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('article', { name: 'Assistant message' }).first()).toContainText(
      /Tokens: \d+/,
      {
        timeout: 30_000,
      },
    );

    // The transcript panel lists the passages; nothing plays yet, so no player is loaded.
    const passages = page.getByRole('list', { name: 'Transcript of V1' });
    await expect(passages.getByRole('button', { name: /^02:05 Croissant margins/ })).toBeVisible();
    expect(await playerCalls(page)).toEqual([]);

    const answer = await ask(page, 'How do croissant margins improve with delivery before breakfast?', 1);
    const citation = answer.getByRole('link', { name: '[02:05]' }).first();
    // The link still leads to YouTube for a new tab; a plain click plays it here.
    await expect(citation).toHaveAttribute('href', `https://www.youtube.com/watch?v=${PRICING_ID}&t=125s`);
    await citation.click();

    const player = page.getByRole('application', { name: /^Video player: / });
    await expect(player).toBeFocused();
    await expect
      .poll(() => playerCalls(page))
      .toEqual([
        { name: 'Player', args: [{ host: 'https://www.youtube-nocookie.com', videoId: PRICING_ID }] },
        { name: 'seekTo', args: [125, true] },
        { name: 'playVideo', args: [] },
      ]);
    expect(page.url()).toMatch(/\/chat\//);
    await expect(page.getByRole('link', { name: 'Open on YouTube' })).toHaveAttribute(
      'href',
      `https://www.youtube.com/watch?v=${PRICING_ID}&t=125s`,
    );
    const playing = passages.getByRole('button', { name: /^02:05 Croissant margins/ });
    await expect(playing).toHaveAttribute('aria-current', 'true');
    await expect(passages.locator('[aria-current="true"]')).toHaveCount(1);
    await expectAccessibleDock(page);
    // On a phone the player is docked above the conversation, within the screen's width.
    await page.setViewportSize({ width: 375, height: 812 });
    const frame = await player.boundingBox();
    const messages = await page.getByRole('list', { name: 'Messages' }).boundingBox();
    expect(frame!.y + frame!.height).toBeLessThanOrEqual(messages!.y);
    expect(frame!.x).toBeGreaterThanOrEqual(0);
    expect(frame!.x + frame!.width).toBeLessThanOrEqual(375);
    await expectAccessibleDock(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Clicking a passage seeks the player there, and the highlight moves with it.
    let seen = (await playerCalls(page)).length;
    await passages.getByRole('button', { name: /^01:10 Never discount bread/ }).click();
    await expect
      .poll(() => callsSince(page, seen))
      .toEqual([
        { name: 'seekTo', args: [70, true] },
        { name: 'playVideo', args: [] },
      ]);
    await expect(passages.getByRole('button', { name: /^01:10 Never discount bread/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await expect(playing).not.toHaveAttribute('aria-current', 'true');

    // The player's keys, while it has focus: k pauses and plays, l and j step 10 s.
    await player.focus();
    seen = (await playerCalls(page)).length;
    await page.keyboard.press('k');
    await page.keyboard.press('k');
    await page.keyboard.press('l');
    await page.keyboard.press('l');
    await page.keyboard.press('j');
    await expect
      .poll(() => callsSince(page, seen))
      .toEqual([
        { name: 'pauseVideo', args: [] },
        { name: 'playVideo', args: [] },
        { name: 'seekTo', args: [80, true] },
        { name: 'seekTo', args: [90, true] },
        { name: 'seekTo', args: [80, true] },
      ]);
    // Typing elsewhere is not the player's business.
    seen = (await playerCalls(page)).length;
    await page.getByRole('textbox', { name: 'Message' }).pressSequentially('kjl');
    expect(await callsSince(page, seen)).toEqual([]);
    await page.getByRole('textbox', { name: 'Message' }).fill('');

    // Escape closes the player and gives the keyboard back to the citation.
    await player.focus();
    await page.keyboard.press('Escape');
    await expect(player).toHaveCount(0);
    await expect(citation).toBeFocused();
    expect((await playerCalls(page)).at(-1)).toEqual({ name: 'destroy', args: [] });

    // A second video: its [V2 …] citation loads video 2 at its second.
    await page.getByRole('button', { name: 'Add a video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a video' });
    await dialog.getByRole('tab', { name: 'Manual Transcript' }).click();
    await dialog.getByPlaceholder('Paste your transcript here...').fill(LOYALTY_TALK);
    await dialog.getByLabel('YouTube link (optional)').fill(`https://www.youtube.com/watch?v=${LOYALTY_ID}`);
    await dialog.getByRole('button', { name: 'Add video' }).click();
    await expect(dialog).toBeHidden();
    const both = await ask(page, 'Should I offer an espresso stamp card with a tenth coffee free?', 2);
    seen = (await playerCalls(page)).length;
    await both
      .getByRole('link', { name: /at 14:05$/ })
      .first()
      .click();
    await expect
      .poll(() => callsSince(page, seen))
      .toEqual([
        { name: 'Player', args: [{ host: 'https://www.youtube-nocookie.com', videoId: LOYALTY_ID }] },
        { name: 'seekTo', args: [845, true] },
        { name: 'playVideo', args: [] },
      ]);
    await expect(page.getByRole('combobox', { name: 'Transcript of' })).toHaveValue('2');
    await expect(
      page
        .getByRole('list', { name: 'Transcript of V2' })
        .getByRole('button', { name: /^14:05 An espresso/ }),
    ).toHaveAttribute('aria-current', 'true');
    // …and a [mm:ss] citation of the first video switches the same player back to it.
    seen = (await playerCalls(page)).length;
    await citation.click();
    await expect
      .poll(() => callsSince(page, seen))
      .toEqual([{ name: 'loadVideoById', args: [{ videoId: PRICING_ID, startSeconds: 125 }] }]);
  });

  test('a pasted transcript without a video shows no player, and its transcript panel still reads', async ({
    page,
  }) => {
    await signUpOnboarded(page, server);
    const chatId = await createSampleChat(page, server);
    await page.goto(`${server.baseURL}/chat/${chatId}`);
    await expect(page.getByRole('article', { name: 'Assistant message' }).first()).toContainText(
      /Tokens: \d+/,
      {
        timeout: 30_000,
      },
    );
    const passages = page.getByRole('list', { name: 'Transcript of V1' });
    await expect(passages).toContainText('A subscription box keeps customers coming back');
    // Its times are shown, but there is nothing to play: no passage is a button, no citation a link.
    await expect(passages).toContainText('00:42');
    await expect(passages.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('application', { name: /^Video player/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^\[\d\d:\d\d\]$/ })).toHaveCount(0);
    expect(await playerCalls(page)).toEqual([]);
  });
});
