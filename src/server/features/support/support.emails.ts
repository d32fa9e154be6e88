import type { MailMessage } from '../../adapters/mail';
import { renderMail } from '../../adapters/mail/render';

export interface Sender {
  id: string;
  name: string;
  email: string;
}

/** To the support address: a new ticket ('Support Request {name}', with the name, e-mail and message). */
export function supportRequestMail(to: string, from: Sender, subject: string, message: string): MailMessage {
  return {
    to,
    userId: from.id,
    kind: 'support-request',
    subject: `Support Request ${from.name}`,
    ...renderMail({
      heading: `Support Request ${from.name}`,
      paragraphs: [`Name: ${from.name}`, `Email: ${from.email}`, `Subject: ${subject}`, 'Message:', message],
    }),
  };
}

/** To the support address: the user answered in a ticket's thread. */
export function supportFollowUpMail(to: string, from: Sender, subject: string, message: string): MailMessage {
  return {
    to,
    userId: from.id,
    kind: 'support-follow-up',
    subject: `Support Request ${from.name}: ${subject}`,
    ...renderMail({
      heading: `${from.name} answered in "${subject}"`,
      paragraphs: [`Name: ${from.name}`, `Email: ${from.email}`, 'Message:', message],
    }),
  };
}

/** To the user: the support team replied to their ticket. */
export function supportReplyMail(
  to: Pick<Sender, 'id' | 'email'>,
  subject: string,
  reply: string,
  ticketsUrl: string,
): MailMessage {
  return {
    to: to.email,
    userId: to.id,
    kind: 'support-reply',
    subject: `Re: ${subject}`,
    ...renderMail({
      heading: 'We replied to your support request',
      paragraphs: [`Your request: ${subject}`, reply],
      action: { label: 'See the conversation', url: ticketsUrl },
    }),
  };
}
