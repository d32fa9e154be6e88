import type { Logger } from '../../logger';
import type { MailMessage, MailTransport } from './index';

const LINK = /https?:\/\/[^\s"'<>]+/g;
const CODE = /\b\d{6}\b/g;

/** The embedded default: no mail server; the links and codes a mail carries are printed to the log. */
export function createLogTransport(logger: Logger): MailTransport {
  return {
    name: 'log',
    async deliver(message: MailMessage) {
      logger.info(
        {
          mail: {
            to: message.to,
            subject: message.subject,
            kind: message.kind,
            links: [...new Set(message.text.match(LINK) ?? [])],
            codes: [...new Set(message.text.match(CODE) ?? [])],
          },
        },
        `mail to ${message.to}: ${message.subject}`,
      );
      return 'logged';
    },
    async close() {},
  };
}
