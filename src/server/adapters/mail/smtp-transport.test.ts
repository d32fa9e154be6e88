import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '../../db/schema';
import { sendWeeklyEmails } from '../../features/suggestions/weekly-email';
import { uniqueEmail } from '../../testing/fixtures';
import { insertPick, unsubscribeTokenOf, unusedWeek } from '../../testing/suggestions';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../testing/test-app';

interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The message's header lines as sent (unfolded), before any decoding. */
  headers: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtpServer() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: raw.match(/^Subject: (.*)$/m)?.[1]?.trim() ?? '',
          text: decodeQuotedPrintable(raw),
          headers: raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' '),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Undoes quoted-printable soft line breaks and escapes, enough to read links in the raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

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
    // The SMTP server may store the message a moment after it acknowledged it.
    const weekly = (m: ReceivedMail) =>
      m.to.includes(reader.email) && m.text.includes('turned on weekly video suggestions');
    for (let i = 0; i < 100 && !smtp.received.some(weekly); i++) await new Promise((r) => setTimeout(r, 50));
    const mail = smtp.received.find(weekly);
    const token = await unsubscribeTokenOf(t.db, reader.id);
    expect(mail!.headers).toContain(
      `List-Unsubscribe: <http://localhost:3000/api/suggestions/unsubscribe?token=${token}>`,
    );
    expect(mail!.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
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
