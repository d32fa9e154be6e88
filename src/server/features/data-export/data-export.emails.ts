import { DATA_EXPORT_DAYS } from '../../../shared/schemas/data-export';
import type { MailMessage } from '../../adapters/mail';
import { renderMail } from '../../adapters/mail/render';

/** The account page, where the owner (signed in) downloads the archive. */
export const ACCOUNT_PAGE_PATH = '/profile';

/** To the user: their archive is ready on the account page, until it expires. */
export function dataExportReadyMail(to: { id: string; email: string }, baseUrl: string): MailMessage {
  return {
    to: to.email,
    userId: to.id,
    kind: 'data-export-ready',
    subject: 'Your Vidvisor data is ready to download',
    ...renderMail({
      heading: 'Your data is ready',
      paragraphs: [
        'The copy of your Vidvisor data you asked for is ready. Sign in and download it from your account page.',
        `The download expires ${DATA_EXPORT_DAYS} days after it was made; then ask for a new one.`,
      ],
      action: { label: 'Open your account page', url: `${baseUrl}${ACCOUNT_PAGE_PATH}` },
    }),
  };
}
