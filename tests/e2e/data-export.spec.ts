import { readFile } from 'node:fs/promises';
import { SAMPLE_PROFILE } from '../../src/server/testing/fixtures';
import { expect, test } from './fixtures';
import { expectNoSeriousViolations } from './support/accessibility';
import { createSampleChat } from './support/consult';
import { signUpOnboarded } from './support/onboarding';

test.describe('Download my data', () => {
  test('Ask on the account page, get the e-mail when the job has built it, download and open the archive', async ({
    page,
    server,
  }) => {
    const account = await signUpOnboarded(page, server);
    const chatId = await createSampleChat(page, server);

    await page.goto('/profile');
    const mailsBefore = server.mails.length;
    await page.getByRole('button', { name: 'Download my data' }).click();
    // The server's job queue builds it and mails the owner a link to this page.
    const mail = await server.waitForMail(account.email, 'data-export-ready', { after: mailsBefore });
    expect(mail.kind).toBe('data-export-ready');
    // The page, asking while the archive is prepared, shows it ready.
    await expect(page.getByText('Your data is ready.')).toBeVisible();
    await expectNoSeriousViolations(page, 'account page with a data download');

    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: /^Download archive/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^vidvisor-data-\d{4}-\d{2}-\d{2}\.json$/);
    const archive = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(archive).toMatchObject({ format: 'vidvisor-data-export', version: 1 });
    expect(archive.tables.user).toMatchObject([{ email: account.email }]);
    expect(archive.tables.profiles).toMatchObject([{ businessName: SAMPLE_PROFILE.businessName }]);
    expect(archive.tables.chats).toMatchObject([{ id: chatId }]);
    expect(archive.tables.chat_sources).toMatchObject([{ chatId }]);
  });
});
