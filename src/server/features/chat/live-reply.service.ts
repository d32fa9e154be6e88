import type { UIMessageChunk } from 'ai';
import type { AppDeps } from '../../context';
import { type ChatRow, findMessage } from './chat.queries';
import { findLiveRow, forgetLiveRow } from './live-reply.queries';
import { followElsewhere, stopElsewhere } from './live-reply.remote';

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

/**
 * The chat's reply written by another process (PostgreSQL, decision 071), relayed live; null when no
 * row says one is live, or when no process answers for it (a row left by a killed process, deleted).
 */
export const followOnOtherProcess = (
  deps: AppDeps,
  chatId: string,
  savedAnswer: () => Promise<ReadableStream<UIMessageChunk> | null>,
) => onOtherProcess(deps, chatId, null, () => followElsewhere(deps.database, chatId, savedAnswer));

/** Stops the chat's reply written by another process (PostgreSQL); false when none is live. */
export const stopOnOtherProcess = (deps: AppDeps, chatId: string) =>
  onOtherProcess(deps, chatId, false, () => stopElsewhere(deps.database, chatId));

/**
 * Asks whichever process writes the chat's reply, when a live row says one does; `none` when none
 * does. A row no process answers for was left by a killed process: it is deleted.
 */
async function onOtherProcess<T>(deps: AppDeps, chatId: string, none: T, ask: () => Promise<T>): Promise<T> {
  if (deps.database.kind !== 'postgres') return none;
  const row = await findLiveRow(deps.db, chatId);
  if (!row) return none;
  const answer = await ask();
  if (answer === none) await forgetLiveRow(deps.db, row.id);
  return answer;
}

/** The chat's live reply, written by this process or (PostgreSQL) by another: where it goes. */
export async function liveReplyOf(deps: AppDeps, chatId: string) {
  const here = deps.liveReplies.find(chatId);
  if (here) return { afterMessageId: here.afterMessageId };
  if (deps.database.kind !== 'postgres') return null;
  const row = await findLiveRow(deps.db, chatId);
  return row && { afterMessageId: row.afterMessageId };
}
