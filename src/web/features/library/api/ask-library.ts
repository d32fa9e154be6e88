import { DefaultChatTransport } from 'ai';
import type { ConsultUIMessage } from '../../../../shared/consult-stream';
import { textOf } from '../../../lib/reply-stream';

/**
 * 'Ask your library' streams its answer as the AI SDK's UI message stream, as a chat's replies do;
 * the server opens a consultation for it and says which before the answer.
 */
export function askLibraryTransport() {
  return new DefaultChatTransport<ConsultUIMessage>({
    api: '/api/library/ask',
    credentials: 'same-origin',
    prepareSendMessagesRequest: ({ messages }) => ({
      body: { question: textOf(messages.at(-1) ?? { parts: [] }) },
    }),
  });
}
