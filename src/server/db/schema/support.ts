import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'General Inquiry' when left empty */
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    resolved: boolean('resolved').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_user_newest_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('support_tickets_unresolved_newest_idx')
      .on(t.createdAt.desc().nullsFirst())
      .where(sql`${t.resolved} = false`),
    index('support_tickets_unresolved_user_idx').on(t.userId).where(sql`${t.resolved} = false`),
  ],
);

/** The thread of a ticket after its first message: replies by the support team and by the user. */
export const supportTicketReplies = pgTable(
  'support_ticket_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role', { enum: ['user', 'support'] }).notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_ticket_replies_ticket_idx').on(t.ticketId, t.createdAt)],
);
