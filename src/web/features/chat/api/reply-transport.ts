import { DefaultChatTransport } from 'ai';
import type { ConsultUIMessage } from '../../../../shared/consult-stream';
import { textOf } from '../../../lib/reply-stream';
import type { ChatView, StoredMessage } from './get-chat';

/** A full server refused the reply (503 busy): ask again after `retryAfterSeconds`. */
export class ReplyBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('busy');
    this.name = 'ReplyBusyError';
  }
}

const DEFAULT_RETRY_AFTER_SECONDS = 2;
const BUSY_RETRY_MAX_SECONDS = 30;

/**
 * Seconds before a refused reply is asked for again: Retry-After, doubled per refusal up to 30 s, then
 * stretched by up to half again at random, so that browsers refused together do not ask again together.
 */
export function busyRetrySeconds(retryAfterSeconds: number, refusals: number, random = Math.random) {
  return Math.min(BUSY_RETRY_MAX_SECONDS, retryAfterSeconds * 2 ** refusals) * (1 + random() / 2);
}

/** fetch, but a 503 (a full server) is thrown as a ReplyBusyError carrying its Retry-After. */
const fetchRefusingBusy: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status !== 503) return response;
  await response.body?.cancel();
  const retryAfter = Number(response.headers.get('retry-after'));
  throw new ReplyBusyError(retryAfter > 0 ? retryAfter : DEFAULT_RETRY_AFTER_SECONDS);
};

/**
 * Replies stream from the server as the AI SDK's UI message stream. A send posts the new message's
 * text; with no new message (an empty chat) it asks for the automatic first answer instead. The SDK's
 * regenerate posts to the answer's regenerate route, and a send that replaces a question (its
 * `messageId`) to that question's edit route. A resume follows the chat's live answer from its first
 * part (`?ia=1` for staff reading another's chat).
 */
export function replyTransport(chatId: string, { adminView = false } = {}) {
  const base = `/api/chats/${encodeURIComponent(chatId)}`;
  return new DefaultChatTransport<ConsultUIMessage>({
    api: `${base}/messages`,
    credentials: 'same-origin',
    fetch: fetchRefusingBusy,
    prepareReconnectToStreamRequest: () => ({ api: `${base}/stream${adminView ? '?ia=1' : ''}` }),
    prepareSendMessagesRequest: ({ messages, trigger, messageId }) => {
      const message = messageId && `${base}/messages/${encodeURIComponent(messageId)}`;
      if (trigger === 'regenerate-message' && message) return { api: `${message}/regenerate`, body: {} };
      const last = messages.at(-1);
      if (last?.role !== 'user') return { api: `${base}/first-reply`, body: {} };
      if (message) return { api: `${message}/edit`, body: { content: textOf(last) } };
      return { body: { content: textOf(last) } };
    },
  });
}

/** The messages a live answer follows (decision 065): what a reload shows before the answer resumes. */
export function beforeLiveReply(view: Pick<ChatView, 'messages' | 'liveReply'>): readonly StoredMessage[] {
  if (!view.liveReply) return view.messages;
  const { afterMessageId } = view.liveReply;
  return view.messages.slice(0, view.messages.findIndex((m) => m.id === afterMessageId) + 1);
}

export function toUIMessages(messages: readonly StoredMessage[]): ConsultUIMessage[] {
  return messages.map((m) => ({
    id: m.id,
    role: m.role,
    parts: [{ type: 'text', text: m.content }],
    metadata: { totalTokens: m.totalTokens, status: m.status },
  }));
}
