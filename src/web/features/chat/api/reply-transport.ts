import { DefaultChatTransport } from 'ai';
import type { ConsultUIMessage } from '../../../../shared/consult-stream';
import { textOf } from '../../../lib/reply-stream';
import type { StoredMessage } from './get-chat';

/**
 * Replies stream from the server as the AI SDK's UI message stream. A send posts the new message's
 * text; with no new message (an empty chat) it asks for the automatic first answer instead.
 */
export function replyTransport(chatId: string) {
  const base = `/api/chats/${encodeURIComponent(chatId)}`;
  return new DefaultChatTransport<ConsultUIMessage>({
    api: `${base}/messages`,
    credentials: 'same-origin',
    prepareSendMessagesRequest: ({ messages }) => {
      const last = messages.at(-1);
      if (last?.role !== 'user') return { api: `${base}/first-reply`, body: {} };
      return { body: { content: textOf(last) } };
    },
  });
}

export function toUIMessages(messages: readonly StoredMessage[]): ConsultUIMessage[] {
  return messages.map((m) => ({
    id: m.id,
    role: m.role,
    parts: [{ type: 'text', text: m.content }],
    metadata: { totalTokens: m.totalTokens, status: m.status },
  }));
}
