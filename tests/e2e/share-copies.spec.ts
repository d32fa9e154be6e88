import {
  COPIES_KEEP_TRANSCRIPT_HINT,
  COPIES_KEEP_TRANSCRIPT_LABEL,
  MAX_LIVE_SHARE_LINKS,
  TOO_MANY_SHARE_LINKS_MESSAGE,
} from '../../src/shared/schemas/share';
import { expect, test } from './fixtures';
import { createSampleChat } from './support/consult';
import { signUpOnboarded } from './support/onboarding';

test('share dialog: copies keep the transcript only when ticked, and the cap of live links is said', async ({
  page,
  server,
}) => {
  await signUpOnboarded(page, server);
  const chatId = await createSampleChat(page, server);
  await page.goto(`/chat/${chatId}`);
  const openShare = async () => {
    await page.getByRole('button', { name: 'Share' }).click();
    return page.getByRole('dialog', { name: 'Share a read-only link' });
  };
  let share = await openShare();
  const keep = share.getByRole('checkbox', { name: COPIES_KEEP_TRANSCRIPT_LABEL });
  await expect(keep).not.toBeChecked();
  await expect(keep).toHaveAccessibleDescription(COPIES_KEEP_TRANSCRIPT_HINT);

  await share.getByRole('button', { name: 'Create link' }).click();
  const links = share.getByRole('list', { name: 'Links to this chat' }).getByRole('listitem');
  await expect(links).toHaveCount(1);
  await expect(links).not.toContainText('copies keep the transcript');

  // Ticked from the keyboard: the next link lets copies keep it, and says so.
  await keep.focus();
  await page.keyboard.press('Space');
  await expect(keep).toBeChecked();
  await share.getByRole('button', { name: 'Create a new link' }).click();
  await expect(links).toHaveCount(2);
  await expect(links.filter({ hasText: 'copies keep the transcript' })).toHaveCount(1);

  // Up to the cap: the dialog says why no more can be made.
  for (let i = 2; i < MAX_LIVE_SHARE_LINKS; i++) {
    const response = await page.request.post(`${server.baseURL}/api/chats/${chatId}/share-links`, {
      data: {},
      headers: { origin: server.baseURL },
    });
    expect(response.status()).toBe(201);
  }
  await page.reload();
  share = await openShare();
  await expect(links).toHaveCount(MAX_LIVE_SHARE_LINKS);
  await expect(share.getByRole('alert').filter({ hasText: TOO_MANY_SHARE_LINKS_MESSAGE })).toBeVisible();
  await expect(share.getByRole('button', { name: 'Create a new link' })).toBeDisabled();

  // Revoking one makes room again.
  await links.first().getByRole('button', { name: 'Revoke' }).click();
  await expect(links).toHaveCount(MAX_LIVE_SHARE_LINKS - 1);
  await expect(share.getByRole('button', { name: 'Create a new link' })).toBeEnabled();
  await expect(share).not.toContainText(TOO_MANY_SHARE_LINKS_MESSAGE);
});
