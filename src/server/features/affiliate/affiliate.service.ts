import type { AffiliateMessageInput } from '../../../shared/schemas/support';
import type { MailMessage } from '../../adapters/mail';
import { renderMail } from '../../adapters/mail/render';
import type { AppDeps, SessionUser } from '../../context';

/** To the support address: 'Affiliate Request from {name}', with the name, e-mail and message. */
export function affiliateRequestMail(
  to: string,
  from: Pick<SessionUser, 'id' | 'name' | 'email'>,
  message: string,
): MailMessage {
  return {
    to,
    userId: from.id,
    kind: 'affiliate-request',
    subject: `Affiliate Request from ${from.name}`,
    ...renderMail({
      heading: `Affiliate Request from ${from.name}`,
      paragraphs: [`Name: ${from.name}`, `Email: ${from.email}`, 'Message:', message],
    }),
  };
}

/** Nothing is stored: the enquiry is the mail, so a failed delivery is an error the user sees. */
export async function sendAffiliateRequest(
  deps: Pick<AppDeps, 'mailer' | 'config'>,
  user: SessionUser,
  input: AffiliateMessageInput,
) {
  await deps.mailer.send(affiliateRequestMail(deps.config.SUPPORT_EMAIL, user, input.message));
}
