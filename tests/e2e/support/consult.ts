import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

export const SAMPLE_TRANSCRIPT = [
  '0:00',
  'Welcome back. Today is about growing a small food business without burning cash.',
  '0:14',
  'The first lever is retention. A subscription box keeps customers coming back every single week.',
  '0:42',
  'Customer acquisition costs fall when referrals reward both the old customer and the new one.',
  '1:20',
  'Pricing matters too: test a premium tier with delivery before breakfast and watch your margins.',
].join('\n');

export const SAMPLE_VTT = `WEBVTT

00:00:03.000 --> 00:00:09.000
Most bakeries lose subscribers after the first month.

00:00:42.000 --> 00:00:50.000
Referrals that reward both sides cut customer acquisition costs in half.

00:01:30.000 --> 00:01:38.000
Raise prices for your best customers with a premium delivery slot.
`;

/** Creates a chat from SAMPLE_TRANSCRIPT through the API, as the signed-in page's user; its id. */
export async function createSampleChat(page: Page, server: { baseURL: string }): Promise<string> {
  const response = await page.request.post(`${server.baseURL}/api/chats`, {
    data: { source: 'manual', transcript: SAMPLE_TRANSCRIPT },
    headers: { origin: server.baseURL },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).id;
}

/** Opens the caption-file mode of /consult and picks a file. */
export async function pickCaptionFile(page: Page, name: string, content: string) {
  await page.goto('/consult');
  await page.getByRole('tab', { name: 'Caption File' }).click();
  await page.getByLabel('Caption file (.srt or .vtt, up to 2 MB)').setInputFiles({
    name,
    mimeType: name.endsWith('.vtt') ? 'text/vtt' : 'application/x-subrip',
    buffer: Buffer.from(content),
  });
}

/** Creates a chat the way a user does: /consult, 'Manual Transcript', 'Analyze', then the chat opens. */
export async function createChatThroughConsult(page: Page, transcript: string): Promise<string> {
  await page.goto('/consult');
  await page.getByText('Manual Transcript').click();
  await page.getByPlaceholder('Paste your transcript here...').fill(transcript);
  await page.getByRole('button', { name: 'Analyze' }).click();
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}/);
  return new URL(page.url()).pathname.split('/').at(-1)!;
}
