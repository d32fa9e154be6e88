import { and, eq } from 'drizzle-orm';
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
  /**
   * Records the mail in `outbox_emails`, then delivers it. When delivery fails the row is marked failed,
   * a retry is queued (when the mailer has `retryLater`) and `MailNotDelivered` is thrown.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * Delivers a recorded mail whose delivery failed; throws when it fails again. A mail that was
   * delivered meanwhile, or erased with its account, is left alone: no mail is delivered twice.
   */
  redeliver(outboxId: string): Promise<'delivered' | 'nothing to do'>;
  close(): Promise<void>;
}

/** A mail recorded in the outbox that could not be delivered; `retrying` when a retry is queued. */
export class MailNotDelivered extends Error {
  constructor(
    readonly outboxId: string,
    readonly retrying: boolean,
    cause: unknown,
  ) {
    super(`mail not delivered: ${errorText(cause)}`, { cause });
  }
}

/** The job that retries failed deliveries (decision 045): its data is the outbox row's id only. */
export const MAIL_RETRY_JOB = 'retry-mail';
/** The wait before a failed mail's first retry; each later one waits about twice as long. */
export const MAIL_RETRY_DELAY_SECONDS = 60;

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
  /** Queues a retry of a recorded mail whose delivery failed (the job queue's MAIL_RETRY_JOB). */
  retryLater?: (outboxId: string) => Promise<void>;
}

export function createMailer(options: MailerOptions): Mailer {
  return createOutboxMailer(options.db, chooseTransport(options), options);
}

function chooseTransport({ smtpUrl, from, printToLog, logger }: MailerOptions): MailTransport {
  if (smtpUrl) return createSmtpTransport(smtpUrl, from);
  if (printToLog) return createLogTransport(logger);
  logger.warn(
    'Mail is not delivered: SMTP_URL is unset and BASE_URL is not a loopback address, so mails are only kept in the outbox_emails table and no link or code is printed; set SMTP_URL=smtp://user:pass@host:587 to deliver them',
  );
  return createOutboxOnlyTransport();
}

export function createOutboxMailer(
  db: Database,
  transport: MailTransport,
  { logger, retryLater }: { logger?: Logger; retryLater?: (outboxId: string) => Promise<void> } = {},
): Mailer {
  /** Delivers a recorded mail and records the outcome; throws when delivery fails. */
  async function deliverRecorded(outboxId: string, message: MailMessage) {
    try {
      const status = await transport.deliver(message);
      await db
        .update(outboxEmails)
        .set({ status, sentAt: status === 'stored' ? null : new Date(), error: null })
        .where(eq(outboxEmails.id, outboxId));
    } catch (error) {
      await db
        .update(outboxEmails)
        .set({ status: 'failed', error: errorText(error).slice(0, 500) })
        .where(eq(outboxEmails.id, outboxId));
      throw error;
    }
  }

  async function queueRetry(outboxId: string): Promise<boolean> {
    if (!retryLater) return false;
    try {
      await retryLater(outboxId);
      return true;
    } catch (error) {
      logger?.error({ err: error, outboxId }, 'could not queue the retry of a failed mail');
      return false;
    }
  }

  return {
    async send(message) {
      const [row] = await db
        .insert(outboxEmails)
        .values({
          toAddress: message.to.toLowerCase(),
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
          kind: message.kind,
          userId: message.userId,
        })
        .returning({ id: outboxEmails.id });
      try {
        await deliverRecorded(row!.id, message);
      } catch (error) {
        throw new MailNotDelivered(row!.id, await queueRetry(row!.id), error);
      }
    },
    async redeliver(outboxId) {
      // Taken back to 'pending' first, so a second retry of the same row finds nothing to do.
      const [row] = await db
        .update(outboxEmails)
        .set({ status: 'pending' })
        .where(and(eq(outboxEmails.id, outboxId), eq(outboxEmails.status, 'failed')))
        .returning();
      if (!row) return 'nothing to do';
      await deliverRecorded(row.id, {
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        headers: row.headers ?? undefined,
        kind: row.kind,
        userId: row.userId ?? undefined,
      });
      return 'delivered';
    },
    close: () => transport.close(),
  };
}

function errorText(error: unknown): string {
  return String((error as Error)?.message ?? error);
}
