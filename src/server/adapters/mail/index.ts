import { and, asc, eq, lt, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
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
   * Records the mail as `send` does, through `db` (a transaction of the caller's, so the mail is kept
   * with what it commits), leased to this process: `deliver` hands it over. Should the process die
   * first, `deliverAbandoned` delivers it once the lease has run out.
   */
  record(db: Executor, message: MailMessage): Promise<RecordedMail>;
  /** Delivers a mail `record` kept, as `send` does once it has recorded one. */
  deliver(recorded: RecordedMail): Promise<void>;
  /**
   * Delivers a recorded mail whose delivery failed; throws when it fails again. A mail that was
   * delivered meanwhile, or erased with its account, is left alone: no mail is delivered twice.
   */
  redeliver(outboxId: string): Promise<'delivered' | 'nothing to do'>;
  /**
   * Delivers the mails whose sender died before handing them over (still 'pending' past their lease),
   * each taken by one process; a delivery that fails is queued for retries as `send`'s are. Answers
   * how many were taken.
   */
  deliverAbandoned(now: Date): Promise<number>;
  close(): Promise<void>;
}

/** A mail in the outbox, leased to the process that recorded it until `leaseUntil`. */
export interface RecordedMail {
  outboxId: string;
  leaseUntil: Date;
  message: MailMessage;
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
/**
 * How long the process delivering a mail has it. Longer than nodemailer's longest wait (10 minutes of a
 * silent socket), so a live sender has always succeeded or failed before anyone else takes its mail.
 */
export const MAIL_DELIVERY_LEASE_MINUTES = 30;
/** How often the mail-retry job looks for mails whose sender died (see MAIL_DELIVERY_LEASE_MINUTES). */
export const MAIL_SWEEP_SCHEDULE = '*/10 * * * *';
/** Abandoned mails taken per sweep. */
const ABANDONED_PER_SWEEP = 100;

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
  const leaseFrom = (now: Date) => new Date(now.getTime() + MAIL_DELIVERY_LEASE_MINUTES * 60_000);

  /**
   * Delivers a recorded mail and records the outcome; throws when delivery fails. The outcome is kept
   * only while the lease is this delivery's: a sender that outlived it has lost the mail to another.
   */
  async function deliverLeased({ outboxId, leaseUntil, message }: RecordedMail) {
    const ours = and(eq(outboxEmails.id, outboxId), eq(outboxEmails.leaseUntil, leaseUntil));
    try {
      const status = await transport.deliver(message);
      await db
        .update(outboxEmails)
        .set({ status, sentAt: status === 'stored' ? null : new Date(), error: null })
        .where(ours);
    } catch (error) {
      await db
        .update(outboxEmails)
        .set({ status: 'failed', error: errorText(error).slice(0, 500) })
        .where(ours);
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

  /** Takes a mail for delivery (back to 'pending', leased to this process) when `takeable` holds. */
  async function take(outboxId: string, takeable: SQL, now: Date): Promise<RecordedMail | null> {
    const leaseUntil = leaseFrom(now);
    const [row] = await db
      .update(outboxEmails)
      .set({ status: 'pending', leaseUntil })
      .where(and(eq(outboxEmails.id, outboxId), takeable))
      .returning();
    if (!row) return null;
    return {
      outboxId: row.id,
      leaseUntil,
      message: {
        to: row.toAddress,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        headers: row.headers ?? undefined,
        kind: row.kind,
        userId: row.userId ?? undefined,
      },
    };
  }

  const mailer: Mailer = {
    async send(message) {
      await mailer.deliver(await mailer.record(db, message));
    },
    async record(executor, message) {
      const leaseUntil = leaseFrom(new Date());
      const [row] = await executor
        .insert(outboxEmails)
        .values({
          toAddress: message.to.toLowerCase(),
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
          kind: message.kind,
          userId: message.userId,
          leaseUntil,
        })
        .returning({ id: outboxEmails.id });
      return { outboxId: row!.id, leaseUntil, message };
    },
    async deliver(recorded) {
      try {
        await deliverLeased(recorded);
      } catch (error) {
        throw new MailNotDelivered(recorded.outboxId, await queueRetry(recorded.outboxId), error);
      }
    },
    async redeliver(outboxId) {
      // Taken back to 'pending' first, so a second retry of the same row finds nothing to do.
      const taken = await take(outboxId, eq(outboxEmails.status, 'failed'), new Date());
      if (!taken) return 'nothing to do';
      await deliverLeased(taken);
      return 'delivered';
    },
    async deliverAbandoned(now) {
      const abandoned = and(eq(outboxEmails.status, 'pending'), lt(outboxEmails.leaseUntil, now))!;
      const rows = await db
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(abandoned)
        .orderBy(asc(outboxEmails.leaseUntil))
        .limit(ABANDONED_PER_SWEEP);
      let taken = 0;
      for (const { id } of rows) {
        // Taken only if still abandoned: a sweep of another process may have moved its lease meanwhile.
        const mail = await take(id, abandoned, now);
        if (!mail) continue;
        taken += 1;
        await mailer.deliver(mail).catch((error: unknown) => {
          logger?.warn({ err: error, outboxId: id }, 'abandoned mail not delivered');
        });
      }
      return taken;
    },
    close: () => transport.close(),
  };
  return mailer;
}

function errorText(error: unknown): string {
  return String((error as Error)?.message ?? error);
}
