import { z } from 'zod';
import { hasNoNul, NUL_IN_TEXT_MESSAGE } from './common';

/** Bounds of what users and the support team write (the spec sets none; these keep mails and rows sane). */
export const SUPPORT_LIMITS = { subject: 200, message: 5000 } as const;

/** Tickets per page of the Support tab, the widget and the admin's list ('Load more' fetches the next). */
export const TICKETS_PAGE_SIZE = 20;

/** The support team's newest replies the widget shows, across all of a user's tickets. */
export const LATEST_SUPPORT_REPLIES = 3;

export const DEFAULT_TICKET_SUBJECT = 'General Inquiry';

export const SUPPORT_MESSAGES = {
  sent: 'Message sent successfully! We will get back to you as soon as possible.',
  sendFailed: 'Failed to send message. Please try again.',
  loadFailed: 'Failed to load support tickets',
  noTickets: 'No support tickets yet',
  affiliateSent: 'Message sent successfully! We will get back to you as soon as possible.',
  affiliateFailed: 'Failed to send affiliate message',
  ticketResolved: 'Ticket resolved successfully',
} as const;

const message = z
  .string()
  .trim()
  .min(1, 'Please enter a message')
  .max(SUPPORT_LIMITS.message, `Keep your message under ${SUPPORT_LIMITS.message} characters`)
  .refine(hasNoNul, NUL_IN_TEXT_MESSAGE);

/** A new ticket: the subject is optional and becomes 'General Inquiry' when left empty. */
export const createTicketInput = z.object({
  subject: z
    .string()
    .trim()
    .max(SUPPORT_LIMITS.subject, `Keep the subject under ${SUPPORT_LIMITS.subject} characters`)
    .optional()
    .default(''),
  message,
});
export type CreateTicketInput = z.input<typeof createTicketInput>;

/** A message added to a ticket's thread, by the user or the support team. */
export const ticketReplyInput = z.object({ message });
export type TicketReplyInput = z.infer<typeof ticketReplyInput>;

export const affiliateMessageInput = z.object({ message });
export type AffiliateMessageInput = z.infer<typeof affiliateMessageInput>;

export function ticketSubject(subject: string | undefined): string {
  const trimmed = subject?.trim();
  return trimmed ? trimmed : DEFAULT_TICKET_SUBJECT;
}
