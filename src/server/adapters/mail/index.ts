import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import type { Logger } from '../../logger';
import { createLogTransport } from './log-transport';
import { createSmtpTransport } from './smtp-transport';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for (verification, password-reset, welcome, support…): for logs and the outbox. */
  kind: string;
  /** Extra headers, e.g. List-Unsubscribe (delivered over SMTP; the outbox keeps the content only). */
  headers?: Record<string, string>;
}

/** Where a mail goes after it is recorded: the server log (default) or an SMTP server. */
export interface MailTransport {
  readonly name: 'log' | 'smtp';
  /** 'sent' when handed to a server, 'logged' when only printed. */
  deliver(message: MailMessage): Promise<'sent' | 'logged'>;
  close(): Promise<void>;
}

export interface Mailer {
  /** Records the mail in `outbox_emails`, then delivers it; throws when delivery fails (recorded as failed). */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  db: Database;
  logger: Logger;
  from: string;
  smtpUrl?: string;
}

export function createMailer(options: MailerOptions): Mailer {
  const transport: MailTransport = options.smtpUrl
    ? createSmtpTransport(options.smtpUrl, options.from)
    : createLogTransport(options.logger);
  return createOutboxMailer(options.db, transport);
}

export function createOutboxMailer(db: Database, transport: MailTransport): Mailer {
  return {
    async send(message) {
      const [row] = await db
        .insert(outboxEmails)
        .values({
          toAddress: message.to.toLowerCase(),
          subject: message.subject,
          text: message.text,
          html: message.html,
          kind: message.kind,
        })
        .returning({ id: outboxEmails.id });
      try {
        const status = await transport.deliver(message);
        await db.update(outboxEmails).set({ status, sentAt: new Date() }).where(eq(outboxEmails.id, row!.id));
      } catch (error) {
        await db
          .update(outboxEmails)
          .set({ status: 'failed', error: String((error as Error).message ?? error).slice(0, 500) })
          .where(eq(outboxEmails.id, row!.id));
        throw error;
      }
    },
    close: () => transport.close(),
  };
}
