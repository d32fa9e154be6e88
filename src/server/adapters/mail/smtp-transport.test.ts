import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema';
import { sendWeeklyEmails } from '../../features/suggestions/weekly-email';
import { uniqueEmail } from '../../testing/fixtures';
import { startSmtpServer } from '../../testing/smtp-server';
import { insertPick, unsubscribeTokenOf, unusedWeek } from '../../testing/suggestions';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Vidvisor <hello@vidvisor.test>',
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('mail over SMTP', () => {
  it('delivers the sign-up confirmation to the recipient with its link, and records it as sent', async () => {
    const email = uniqueEmail();
    const response = await t
      .client()
      .post('/api/auth/sign-up/email', { email, password: TEST_PASSWORD, name: '' });
    expect(response.status).toBe(200);

    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('hello@vidvisor.test');
    expect(mail!.subject).toBe('Confirm your e-mail for Vidvisor');
    const link = mail!.text.match(/http:\/\/localhost:3000\/api\/auth\/verify-email\?token=\S+/)?.[0];
    expect(link).toBeDefined();

    const [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
    expect(row).toMatchObject({ status: 'sent', kind: 'verification' });

    // The delivered link works: it signs the user in.
    const browser = t.client();
    expect((await browser.get(t.pathOf(link!))).status).toBe(302);
    expect((await browser.json('/api/me')).email).toBe(email);
  });

  it('delivers the weekly suggestions with one-click unsubscribe headers (RFC 8058)', async () => {
    const reader = await t.createOnboardedUser();
    await reader.client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
    const week = unusedWeek();
    await insertPick(t.db, { week });
    await sendWeeklyEmails(t.deps, new Date(`${week}T08:00:00Z`));
    const mail = await smtp.mailTo(reader.email, 'turned on weekly video suggestions');
    const token = await unsubscribeTokenOf(t.db, reader.id);
    expect(mail.headers).toContain(
      `List-Unsubscribe: <http://localhost:3000/api/suggestions/unsubscribe?token=${token}>`,
    );
    expect(mail.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // What a mail client's one-click sends: a form POST to that address, with no cookie and no Origin.
    const oneClick = await t.app.request(`/api/suggestions/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await reader.client.json('/api/suggestions/email')).toEqual({ weeklyEmail: false });
  });

  it('records a failed delivery and reports it', async () => {
    const broken = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const email = uniqueEmail();
      await expect(
        broken.deps.mailer.send({ to: email, subject: 'Hi', text: 'Hello', kind: 'test' }),
      ).rejects.toThrow();
      const [row] = await broken.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
      expect(row!.status).toBe('failed');
      expect(row!.error).toBeTruthy();
    } finally {
      await broken.close();
    }
  });
});
