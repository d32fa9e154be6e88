import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';

export const waitlist = pgTable(
  'waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** stored lower-cased */
    email: text('email').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('waitlist_newest_idx').on(t.createdAt.desc().nullsFirst())],
);

/** The assistant's instructions and model: a single row (id = 1). */
export const assistantSettings = pgTable('assistant_settings', {
  id: integer('id').primaryKey(),
  instructions: text('instructions').notNull(),
  model: text('model').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => users.id, { onDelete: 'set null' }),
});

/** Every e-mail the app sends, with its delivery status. */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** lower-cased recipient */
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers (List-Unsubscribe…), kept so a failed delivery can be retried as it was. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    kind: text('kind').notNull(),
    /** The account the mail is to or about (a support request names its sender): erased with it. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'stored': no mail server, and the app is not on loopback, so only this table has it. */
    status: text('status', { enum: ['pending', 'sent', 'logged', 'stored', 'failed'] })
      .notNull()
      .default('pending'),
    error: text('error'),
    /**
     * While 'pending', the process delivering it has it until then; past it, that process is taken to
     * have died and the mail-retry job's sweep delivers it (one taker at a time: whoever moves the lease).
     * Null on mails recorded before leases existed: never swept.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_emails_to_idx').on(t.toAddress, t.createdAt.desc().nullsFirst()),
    index('outbox_emails_user_idx').on(t.userId),
    index('outbox_emails_pending_idx').on(t.leaseUntil).where(sql`${t.status} = 'pending'`),
  ],
);

/** Who did what admin action to whom, when, with the state before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_newest_idx').on(t.createdAt.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst()),
    index('audit_log_target_idx').on(t.targetId, t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * Counters of costly writes (support tickets, new consultations…) and failed sign-ins, one row per
 * action and subject (a user's id, a client address, or a hashed e-mail) in a fixed window: kept in
 * the database so every process counts together (decision 043).
 */
export const requestLimits = pgTable(
  'request_limits',
  {
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    /** The user the counter is about, when it counts a user: erased with them. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
    count: integer('count').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.action, t.subject] }), index('request_limits_user_idx').on(t.userId)],
);
