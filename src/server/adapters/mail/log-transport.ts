import type { Logger } from '../../logger';
import type { MailMessage, MailTransport } from './index';

/**
 * The embedded default: no mail server; each mail is printed as one line of its recipient and kind,
 * with the sign-in link or code it exists to deliver. Nothing else of it (subject, text: a user's
 * name, a ticket's words) reaches the log.
 */
export function createLogTransport(logger: Logger): MailTransport {
  return {
    name: 'log',
    async deliver(message: MailMessage) {
      const { link, code } = message.access ?? {};
      logger.info(
        {
          mail: {
            to: message.to,
            kind: message.kind,
            links: link ? [link] : [],
            codes: code ? [code] : [],
          },
        },
        `mail to ${message.to}: ${message.kind}`,
      );
      return 'logged';
    },
    async close() {},
  };
}
