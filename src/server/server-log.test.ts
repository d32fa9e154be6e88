import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails, users } from './db/schema';
import { capturedLog } from './testing/captured-log';
import { createManualChat, startAppWithOpenAiStub } from './testing/consult';
import { SAMPLE_PROFILE, uniqueEmail } from './testing/fixtures';
import { createTestApp, TEST_PASSWORD, type TestApp } from './testing/test-app';
import { readUiStream } from './testing/ui-stream';

/** The secrets a mail carries: its links, each link's token, and a one-time code. */
function secretsOf(mail: { text: string }): string[] {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  const tokens = links.flatMap((link) => {
    const url = new URL(link);
    return [url.searchParams.get('token'), url.pathname.split('/').at(-1)].filter((part): part is string =>
      Boolean(part && part.length >= 16),
    );
  });
  return [...links, ...tokens, ...(mail.text.match(/\b\d{6}\b/g) ?? [])];
}

/** Every sign-in mail an anonymous visitor can have sent to an address, and a sign-up's confirmation. */
async function requestEverySignInMail(t: TestApp, email: string) {
  const visitor = t.client();
  await visitor.json('/api/auth/sign-in/magic-link', {
    method: 'POST',
    json: { email, callbackURL: '/dashboard' },
  });
  await visitor.json('/api/auth/email-otp/send-verification-otp', {
    method: 'POST',
    json: { email, type: 'sign-in' },
  });
  await visitor.json('/api/auth/request-password-reset', {
    method: 'POST',
    json: { email, redirectTo: '/dashboard/reset-password' },
  });
  await visitor.json('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email: uniqueEmail(), password: TEST_PASSWORD, name: '' },
  });
}

describe('without SMTP_URL, on a BASE_URL that is not loopback', () => {
  const log = capturedLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      { NODE_ENV: 'production', BASE_URL: 'https://vidvisor.example', LOG_LEVEL: 'trace' },
      { logTo: log.stream },
    );
  });
  afterAll(() => t.close());

  it('warns in one line at start-up that mail is not delivered, and how to set SMTP_URL', () => {
    const warnings = log.entries().filter((entry) => String(entry.msg).includes('not delivered'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: 40 });
    expect(warnings[0]!.msg).toMatch(/SMTP_URL=smtp:\/\/user:pass@host:587/);
    expect(warnings[0]!.msg).not.toContain('\n');
  });

  it('keeps magic links, one-time codes and reset links in the outbox only: the log has none', async () => {
    const user = await t.createUser();
    const since = new Date();
    await requestEverySignInMail(t, user.email);
    const mails = (await t.db.select().from(outboxEmails)).filter((mail) => mail.createdAt >= since);
    expect(mails.map((mail) => mail.kind).sort()).toEqual([
      'magic-link',
      'one-time-code:sign-in',
      'password-reset',
      'verification',
    ]);
    expect(mails.every((mail) => mail.status === 'stored')).toBe(true);
    // Following the reset link puts its token in the request's path.
    await t.client().get(t.pathOf(await t.linkFromMail(user.email, 'password-reset')));

    const secrets = mails.flatMap(secretsOf);
    expect(secrets.length).toBeGreaterThanOrEqual(7);
    const text = log.text();
    expect(secrets.filter((secret) => text.includes(secret))).toEqual([]);
  });
});

describe('on a loopback BASE_URL, the way npm start runs on a laptop', () => {
  const log = capturedLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'trace' }, { logTo: log.stream });
  });
  afterAll(() => t.close());

  it('prints each mail’s links and codes, so the app can be tried without a mail server', async () => {
    const email = uniqueEmail();
    await requestEverySignInMail(t, email);
    const printed = log.entries().flatMap((entry) => {
      const mail = entry.mail as { links: string[]; codes: string[] } | undefined;
      return mail ? [...mail.links, ...mail.codes] : [];
    });
    for (const mail of await t.mailsTo(email)) {
      for (const secret of secretsOf(mail).filter((s) => s.startsWith('http') || /^\d{6}$/.test(s))) {
        expect(printed).toContain(secret);
      }
    }
    expect(log.text()).not.toContain('not delivered');
  });

  it('prints a mail as its recipient, kind and sign-in link or code only: nothing the user typed', async () => {
    const typed = randomBytes(6).toString('hex');
    const typedLink = `https://example.com/${typed}`;
    const typedNumber = String(100_000 + (parseInt(typed.slice(0, 5), 16) % 900_000));
    const name = `Maya ${typed}`;
    const user = await t.createUser({ name });
    const since = new Date();
    const from = log.entries().length;
    const ticket = await user.client.json<{ ticket: { id: string } }>(
      '/api/support/tickets',
      {
        method: 'POST',
        json: {
          subject: `Invoice ${typed} ${typedNumber}`,
          message: `See ${typedLink} and call ${typedNumber}`,
        },
      },
      201,
    );
    await user.client.json(
      `/api/support/tickets/${ticket.ticket.id}/replies`,
      {
        method: 'POST',
        json: { message: `Also ${typedLink}?code=${typedNumber}` },
      },
      201,
    );
    await requestEverySignInMail(t, user.email);

    const mails = (await t.db.select().from(outboxEmails)).filter((mail) => mail.createdAt >= since);
    expect(mails.some((mail) => mail.text.includes(typedLink))).toBe(true);
    const lines = log
      .entries()
      .slice(from)
      .filter((entry) => entry.mail);
    expect(lines).toHaveLength(mails.length);
    for (const line of lines) {
      const mail = line.mail as { to: string; kind: string; links: string[]; codes: string[] };
      expect(Object.keys(mail).sort()).toEqual(['codes', 'kind', 'links', 'to']);
      expect(line.msg).toBe(`mail to ${mail.to}: ${mail.kind}`);
      const isSignIn = ['verification', 'magic-link', 'password-reset'].includes(mail.kind);
      expect(mail.links, mail.kind).toHaveLength(isSignIn ? 1 : 0);
      expect(mail.codes, mail.kind).toHaveLength(mail.kind.startsWith('one-time-code') ? 1 : 0);
    }
    expect(lines.map((line) => (line.mail as { kind: string }).kind)).toEqual(
      expect.arrayContaining(['support-request', 'support-follow-up', 'magic-link', 'one-time-code:sign-in']),
    );
    const text = log.text();
    expect(text).not.toContain(typed);
    expect(text).not.toContain(typedNumber);
  });
});

describe('a write the database refuses', () => {
  const log = capturedLog();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'trace' }, { logTo: log.stream });
  });
  afterAll(() => t.close());

  it('is logged with its code, route and request id, never with what the user typed', async () => {
    const user = await t.createUser();
    const typed = `Maya ${randomBytes(6).toString('hex')}`;
    const response = await user.client.put('/api/profile', {
      ...SAMPLE_PROFILE,
      businessName: `${typed}\u0000`,
    });
    expect(response.status).toBe(400);

    const warning = log
      .entries()
      .find((entry) => String(entry.msg).startsWith('input refused by the database'));
    const { level, time, pid, hostname, service, msg, ...fields } = warning!;
    expect(fields).toEqual({
      code: '22021',
      route: 'PUT /api/profile',
      requestId: response.headers.get('x-request-id'),
    });
    expect(log.text()).not.toContain(typed);
  });

  it('logs a failed statement’s code and SQL, never its values', async () => {
    const typed = `secret ${randomBytes(6).toString('hex')}`;
    const error = await t.db
      .update(users)
      .set({ name: `${typed}\u0000` })
      .where(eq(users.email, typed))
      .catch((failure: unknown) => failure);
    t.deps.logger.error({ err: error }, 'a failed statement');

    const entry = log.entries().find((e) => e.msg === 'a failed statement')!;
    expect(entry.err).toMatchObject({ code: '22021', query: expect.stringContaining('update "user"') });
    expect(log.text()).not.toContain(typed);
  });
});

describe('a provider failure', () => {
  const log = capturedLog();
  let app: Awaited<ReturnType<typeof startAppWithOpenAiStub>>;
  beforeAll(async () => {
    app = await startAppWithOpenAiStub({ LOG_LEVEL: 'trace' }, { logTo: log.stream });
  });
  afterAll(() => app.close());

  it('is logged by its status and message, never with the prompt that carried the user’s words', async () => {
    const user = await app.t.createOnboardedUser();
    const spoken = `transcript ${randomBytes(6).toString('hex')}`;
    const asked = `question ${randomBytes(6).toString('hex')}`;
    const chatId = await createManualChat(user, `0:00\n${spoken}`);
    app.stub.enqueue(...Array.from({ length: 3 }, () => ({ status: 500, retryAfter: '0' })));
    await readUiStream(await user.client.post(`/api/chats/${chatId}/messages`, { content: asked }));

    const failure = log.entries().find((entry) => entry.msg === 'AI provider failed');
    expect(failure?.err).toMatchObject({ lastError: { statusCode: 500 } });
    expect(JSON.stringify(app.stub.requests.at(-1))).toContain(asked);
    expect(log.text()).not.toContain(asked);
    expect(log.text()).not.toContain(spoken);
  });
});
