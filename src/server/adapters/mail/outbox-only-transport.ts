import type { MailTransport } from './index';

/** No mail server and a public BASE_URL: the outbox keeps each mail, and nothing else sees it. */
export function createOutboxOnlyTransport(): MailTransport {
  return {
    name: 'outbox',
    deliver: async () => 'stored',
    async close() {},
  };
}
