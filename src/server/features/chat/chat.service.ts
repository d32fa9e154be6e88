import type { SQL } from 'drizzle-orm';
import { monthKey } from '../../../shared/dates';
import { CHAT_TITLE_MAX } from '../../../shared/schemas/chats';
import type { CreateChatInput } from '../../../shared/schemas/consult';
import { collapseWhitespace, titleFromTranscript } from '../../../shared/transcript';
import type { AppDeps, SessionUser } from '../../context';
import type { Executor } from '../../db/client';
import { notFound } from '../../http/errors';
import { linkOf, readVideo } from '../consult/consult.service';
import { ratingsOfChat } from '../ratings/ratings.service';
import { isOverLimit, usageIncrement } from '../usage/usage.service';
import {
  type ChatRow,
  findLiveChat,
  findOwnMessage,
  insertChatOfVideoStatement,
  insertMessagesStatement,
  listMessages,
  type MessageRow,
  writeTogether,
} from './chat.queries';
import {
  addSource,
  assertRoomFor,
  chatSourcesView,
  drawOnVideosStatement,
  removeSource,
  type SourceSummary,
} from './sources.service';

export interface ChatAccess {
  chat: ChatRow;
  /** A super admin reading another user's chat. */
  readOnly: boolean;
}

/**
 * A chat its owner may use, or a super admin may read. Deleted chats and other users' chats are 404
 * (never 403: whether a chat id exists is nobody else's business).
 */
export async function accessChat(
  deps: AppDeps,
  user: SessionUser,
  chatId: string,
  options: { allowAdminRead: boolean },
): Promise<ChatAccess> {
  const own = await findLiveChat(deps.db, chatId, user.id);
  if (own) return { chat: own, readOnly: false };
  if (options.allowAdminRead && user.role === 'super_admin') {
    const other = await findLiveChat(deps.db, chatId);
    if (other) return { chat: other, readOnly: true };
  }
  throw notFound('Chat not found');
}

export async function chatView(deps: AppDeps, user: SessionUser, access: ChatAccess) {
  const [messages, sources, ratings, overLimit] = await Promise.all([
    listMessages(deps.db, access.chat.id),
    chatSourcesView(deps.db, access.chat.id),
    ratingsOfChat(deps.db, access.chat.id),
    access.readOnly ? Promise.resolve(false) : isOverLimit(deps.db, user),
  ]);
  const { chat } = access;
  return {
    chat: {
      id: chat.id,
      title: chat.title ?? titleFromTranscript(chat.transcript),
      youtubeUrl: chat.youtubeUrl,
      transcript: chat.transcript,
      totalTokens: chat.totalTokens,
      createdAt: chat.createdAt.toISOString(),
    },
    messages: messages.map(serializeMessage),
    /** The videos it draws on (removed ones too, for the citations of earlier answers). */
    sources,
    /** The user's 👍 / 👎 on its answers, by message id. */
    ratings,
    readOnly: access.readOnly,
    /** The first answer was claimed but is not stored yet: another tab or request is writing it. */
    firstReplyPending: messages.length === 0 && chat.firstReplyClaimedAt !== null,
    usageExceeded: overLimit,
    /** Answers come from the built-in offline model until an AI key is configured. */
    offlineModel: deps.ai.kind === 'offline',
  };
}

export function serializeMessage(message: MessageRow) {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    status: message.status,
    totalTokens: message.totalTokens,
    createdAt: message.createdAt.toISOString(),
  };
}

/** Stores the user's message and counts it as sent, together. */
export async function storeUserMessage(deps: AppDeps, user: SessionUser, chat: ChatRow, content: string) {
  await writeTogether(deps.db, questionWrites(deps.db, user, chat.id, content));
}

function questionWrites(db: Executor, user: SessionUser, chatId: string, content: string): SQL[] {
  return [
    insertMessagesStatement(db, [{ chatId, userId: user.id, role: 'user', content }]),
    usageIncrement(db, { userId: user.id, month: monthKey(new Date()), messages: 1 }).getSQL(),
  ];
}

/**
 * Stores the consultation 'Ask your library' opens, in one statement: the chat titled by its question,
 * whose sources are videos of the user's library (the first is its own video), and the question, stored
 * and counted as sent.
 */
export async function storeLibraryConsultation(
  deps: AppDeps,
  user: SessionUser,
  consultation: { chatId: string; question: string; libraryVideoIds: string[] },
): Promise<void> {
  const { chatId, question, libraryVideoIds } = consultation;
  await writeTogether(deps.db, [
    insertChatOfVideoStatement({
      id: chatId,
      userId: user.id,
      title: collapseWhitespace(question).slice(0, CHAT_TITLE_MAX),
      libraryVideoId: libraryVideoIds[0]!,
    }),
    drawOnVideosStatement(deps.db, chatId, libraryVideoIds),
    ...questionWrites(deps.db, user, chatId, question),
  ]);
}

/**
 * Adds a video to the user's chat with any of the three intakes. A full chat or a video it already has
 * is refused before the transcript is fetched; nothing is stored unless all of it is.
 */
export async function addVideoToChat(
  deps: AppDeps,
  user: SessionUser,
  chatId: string,
  input: CreateChatInput,
): Promise<SourceSummary> {
  const { chat } = await accessChat(deps, user, chatId, { allowAdminRead: false });
  await assertRoomFor(deps.db, chat.id, linkOf(input.youtubeUrl).videoId);
  const video = await readVideo(deps, input);
  return addSource(deps.db, { chatId: chat.id, userId: user.id }, video);
}

/** Removes a video from the user's chat (the chat keeps at least one). */
export async function removeVideoFromChat(
  deps: AppDeps,
  user: SessionUser,
  chatId: string,
  sourceId: string,
): Promise<void> {
  const { chat } = await accessChat(deps, user, chatId, { allowAdminRead: false });
  await removeSource(deps.db, chat.id, sourceId);
}

/** An assistant answer in one of the user's live chats, with the chat and the videos its citations name. */
export interface OwnAnswer {
  chat: Pick<ChatRow, 'id' | 'title' | 'youtubeUrl' | 'videoId'>;
  message: Pick<MessageRow, 'id' | 'content' | 'status'>;
  sources: Awaited<ReturnType<typeof chatSourcesView>>;
}

/** The user's own answer (of `chatId`, when given), or null: another user's, a question, a deleted chat. */
export async function findOwnAnswer(
  db: Executor,
  userId: string,
  messageId: string,
  chatId?: string,
): Promise<OwnAnswer | null> {
  const message = await findOwnMessage(db, userId, messageId);
  if (message?.role !== 'assistant' || (chatId && message.chatId !== chatId)) return null;
  const chat = await findLiveChat(db, message.chatId, userId);
  if (!chat) return null;
  return { chat, message, sources: await chatSourcesView(db, chat.id) };
}
