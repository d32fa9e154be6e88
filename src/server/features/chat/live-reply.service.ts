import type { UIMessageChunk } from 'ai';
import type { AppDeps } from '../../context';
import { type ChatRow, findMessage } from './chat.queries';

/** The chat's last saved answer as a whole UI message stream; null when the chat ends on no answer. */
export async function savedAnswerStream(
  deps: AppDeps,
  chat: Pick<ChatRow, 'id' | 'currentLeafId'>,
): Promise<ReadableStream<UIMessageChunk> | null> {
  const answer = chat.currentLeafId ? await findMessage(deps.db, chat.id, chat.currentLeafId) : null;
  if (answer?.role !== 'assistant') return null;
  const id = 'saved';
  const parts: UIMessageChunk[] = [
    { type: 'start', messageId: answer.id },
    { type: 'text-start', id },
    { type: 'text-delta', id, delta: answer.content },
    { type: 'text-end', id },
    { type: 'finish', messageMetadata: { totalTokens: answer.totalTokens, status: answer.status } },
  ];
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}
