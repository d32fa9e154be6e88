import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxEmails } from '../../db/schema';
import type { Logger } from '../../logger';
import { createLogTransport } from './log-transport';
import { createOutboxOnlyTransport } from './outbox-only-transport';
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
  /** The account the mail is to or about (a support request names its sender): erased with it. */
  userId?: string;
  /**
   * The sign-in link or code this mail exists to deliver (confirmation, magic link, reset, one-time
   * code): all of it the log transport prints beside the recipient and kind, never its subject or text.
   */
  access?: { link?: string; code?: string };
}

/** Where a mail goes after it is recorded: an SMTP server, the server log, or nowhere. */
export interface MailTransport {
  readonly name: 'log' | 'smtp' | 'outbox';
  /** 'sent' when handed to a server, 'logged' when printed, 'stored' when only the outbox keeps it. */
  deliver(message: MailMessage): Promise<'sent' | 'logged' | 'stored'>;
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
  /**
   * Without SMTP, print each sign-in mail's link or code to the log. Only for an app tried on this machine:
   * anyone who reads a server's log could otherwise sign in as anyone.
   */
  printToLog: boolean;
}

export function createMailer(options: MailerOptions): Mailer {
  return createOutboxMailer(options.db, chooseTransport(options));
}

function chooseTransport({ smtpUrl, from, printToLog, logger }: MailerOptions): MailTransport {
  if (smtpUrl) return createSmtpTransport(smtpUrl, from);
  if (printToLog) return createLogTransport(logger);
  logger.warn(
    'Mail is not delivered: SMTP_URL is unset and BASE_URL is not a loopback address, so mails are only kept in the outbox_emails table and no link or code is printed; set SMTP_URL=smtp://user:pass@host:587 to deliver them',
  );
  return createOutboxOnlyTransport();
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
          userId: message.userId,
        })
        .returning({ id: outboxEmails.id });
      try {
        const status = await transport.deliver(message);
        await db
          .update(outboxEmails)
          .set({ status, sentAt: status === 'stored' ? null : new Date() })
          .where(eq(outboxEmails.id, row!.id));
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
