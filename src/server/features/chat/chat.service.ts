import { eq, type SQL } from 'drizzle-orm';
import { monthKey } from '../../../shared/dates';
import { CHAT_TITLE_MAX } from '../../../shared/schemas/chats';
import type { CreateChatInput } from '../../../shared/schemas/consult';
import { collapseWhitespace, titleFromTranscript } from '../../../shared/transcript';
import type { AppDeps, SessionUser } from '../../context';
import type { Executor } from '../../db/client';
import { type chatMessages, chats } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { linkOf, readVideo } from '../consult/consult.service';
import { ratingsOfChat } from '../ratings/ratings.service';
import { isOverLimit, usageIncrement } from '../usage/usage.service';
import {
  type BranchMessage,
  type ChatRow,
  chainedMessages,
  findLiveChat,
  findMessage,
  findOwnMessage,
  type HistoryMessage,
  insertChatOfVideoStatement,
  insertMessagesStatement,
  isStaleClaim,
  listBranch,
  listBranchEndingAt,
  type MessageRow,
  newestHistoryQuery,
  newestLeafUnder,
  promptHistory,
  showBranch,
  updateChatStatement,
  writeThenRead,
  writeTogether,
} from './chat.queries';
import { liveReplyOf } from './live-reply.service';
import { HISTORY_MESSAGES } from './prompt';
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

/**
 * The chat as its screen shows it: the branch on screen, or with `version` the branch through that
 * message (the newest below it), read for this answer only and stored nowhere (staff stepping through a
 * user's versions).
 */
export async function chatView(deps: AppDeps, user: SessionUser, access: ChatAccess, version?: string) {
  const [messages, sources, ratings, overLimit, liveReply] = await Promise.all([
    branchThrough(deps.db, access.chat.id, version),
    chatSourcesView(deps.db, access.chat.id),
    ratingsOfChat(deps.db, access.chat.id),
    access.readOnly ? Promise.resolve(false) : isOverLimit(deps.db, user),
    liveReplyOf(deps, access.chat.id),
  ]);
  const { chat } = access;
  return {
    chat: {
      id: chat.id,
      title: chat.title ?? titleFromTranscript(chat.transcript),
      youtubeUrl: chat.youtubeUrl,
      transcript: chat.transcript,
      /** Its timed lines when it came with times (a caption file): where the transcript panel opens at a second. */
      transcriptSegments: chat.transcriptSegments,
      totalTokens: chat.totalTokens,
      createdAt: chat.createdAt.toISOString(),
      /** Its "Use memory" switch (decision 064). */
      useMemory: chat.useMemory,
    },
    /** The branch on screen (decision 041), each message with its versions. */
    messages: messages.map((message) => ({ ...serializeMessage(message), versionIds: message.versionIds })),
    /** The videos it draws on (removed ones too, for the citations of earlier answers). */
    sources,
    /** The user's 👍 / 👎 on its answers, by message id. */
    ratings,
    readOnly: access.readOnly,
    /** The first answer was claimed but is not stored yet: another tab or request is writing it. */
    firstReplyPending: messages.length === 0 && chat.firstReplyClaimedAt !== null,
    /** The last answer is being regenerated (by another tab or request). */
    regenerating: chat.regenerationClaimedAt !== null && !isStaleClaim(chat.regenerationClaimedAt),
    usageExceeded: overLimit,
    /** An answer being written now, on any process, which the screen follows (decisions 065, 071): where it goes. */
    liveReply,
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

async function branchThrough(db: Executor, chatId: string, version: string | undefined) {
  if (!version) return listBranch(db, chatId);
  const leafId = await newestLeafUnder(db, chatId, version);
  if (!leafId) throw messageNotFound();
  return listBranchEndingAt(db, leafId);
}

/**
 * The messages of the chat's branch on screen, oldest first (decision 041): what the chat shows, and
 * what exports, shares and prompts carry. The caller has checked the chat is the user's.
 */
export function messagesOnScreen(db: Executor, chatId: string): Promise<BranchMessage[]> {
  return listBranch(db, chatId);
}

/**
 * Shows the branch that holds `messageId` (a version's arrows): the newest branch below it. Answers
 * the chat's view.
 */
export async function showVersion(deps: AppDeps, user: SessionUser, access: ChatAccess, messageId: string) {
  const leafId = await newestLeafUnder(deps.db, access.chat.id, messageId);
  if (!leafId) throw messageNotFound();
  await showBranch(deps.db, access.chat.id, leafId);
  return chatView(deps, user, { ...access, chat: { ...access.chat, currentLeafId: leafId } });
}

const messageNotFound = () => notFound('Message not found');

/** Where a reply goes: after `parentId`, becoming the branch on screen if it still ends at `leafBefore`. */
export interface ReplyPlacement {
  parentId: string | null;
  leafBefore: string | null;
}

/** A question stored: where its reply goes, and the conversation before it. */
export interface StoredQuestion {
  placement: ReplyPlacement;
  /** The prompt's history (`promptHistory`): the branch ending at the question's parent. */
  history: HistoryMessage[];
}

/**
 * Stores the user's question after `parentId` (the end of the branch on screen, or an edited
 * question's parent), shows its branch and counts it as sent, together; the same statement reads the
 * conversation before it (decision 073). Answers where its reply goes, and that conversation.
 */
export async function storeQuestion(
  deps: AppDeps,
  user: SessionUser,
  chat: Pick<ChatRow, 'id'>,
  question: { content: string; parentId: string | null },
): Promise<StoredQuestion> {
  const { rows, lastId } = chainedMessages(question.parentId, [
    { chatId: chat.id, userId: user.id, role: 'user', content: question.content },
  ]);
  const writes = [
    ...questionWrites(deps.db, user, rows),
    updateChatStatement(deps.db, chat.id, { branch: { to: lastId! } }),
  ];
  const branch = question.parentId && { leafId: question.parentId, userId: user.id };
  const newestFirst = branch
    ? await writeThenRead<HistoryMessage>(deps.db, writes, newestHistoryQuery(branch, HISTORY_MESSAGES))
    : await writeTogether(deps.db, writes).then(() => []);
  return { placement: { parentId: lastId, leafBefore: lastId }, history: newestFirst.reverse() };
}

function questionWrites(db: Executor, user: SessionUser, rows: (typeof chatMessages.$inferInsert)[]): SQL[] {
  return [
    insertMessagesStatement(db, rows),
    usageIncrement(db, { userId: user.id, month: monthKey(new Date()), messages: 1 }).getSQL(),
  ];
}

/**
 * An edited question: a new version of the user's message `messageId`, on a new branch from the same
 * point. Answers that point, its parent.
 */
export async function editedQuestionParent(deps: AppDeps, chat: ChatRow, messageId: string) {
  const edited = await findMessage(deps.db, chat.id, messageId);
  if (edited?.role !== 'user') throw messageNotFound();
  return edited.parentId;
}

/**
 * What regenerating the answer `messageId` starts from, checked: it must be the last answer of the
 * branch on screen (409 otherwise). Answers the question it answers (null for a chat's first answer),
 * the history above that question, and the placement of the new version.
 */
export async function regenerationBase(deps: AppDeps, user: SessionUser, chat: ChatRow, messageId: string) {
  const branch = await listBranch(deps.db, chat.id);
  const at = branch.findIndex((message) => message.id === messageId);
  if (at === -1 && !(await findMessage(deps.db, chat.id, messageId))) throw messageNotFound();
  const lastAnswerStart = branch.findLastIndex((message) => message.role === 'user') + 1;
  if (at === -1 || at < lastAnswerStart) {
    throw new AppError(409, 'not_last_answer', 'Only the last answer can be regenerated');
  }
  const question = lastAnswerStart > 0 ? branch[lastAnswerStart - 1]! : null;
  const history = question
    ? await promptHistory(deps.db, { leafId: question.parentId, userId: user.id }, HISTORY_MESSAGES)
    : [];
  const placement: ReplyPlacement = { parentId: question?.id ?? null, leafBefore: branch.at(-1)!.id };
  return { question, history, placement };
}

/**
 * Stores the consultation 'Ask your library' opens, in one statement: the chat titled by its question,
 * whose sources are videos of the user's library (the first is its own video), and the question, stored
 * and counted as sent. Answers where its reply goes.
 */
export async function storeLibraryConsultation(
  deps: AppDeps,
  user: SessionUser,
  consultation: { chatId: string; question: string; libraryVideoIds: string[] },
): Promise<ReplyPlacement> {
  const { chatId, question, libraryVideoIds } = consultation;
  const { rows, lastId } = chainedMessages(null, [
    { chatId, userId: user.id, role: 'user', content: question },
  ]);
  await writeTogether(deps.db, [
    insertChatOfVideoStatement({
      id: chatId,
      userId: user.id,
      title: collapseWhitespace(question).slice(0, CHAT_TITLE_MAX),
      libraryVideoId: libraryVideoIds[0]!,
      currentLeafId: lastId!,
    }),
    drawOnVideosStatement(deps.db, chatId, libraryVideoIds),
    ...questionWrites(deps.db, user, rows),
  ]);
  return { parentId: lastId, leafBefore: lastId };
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

/** Turns the "Use memory" switch of the user's chat on or off (decision 064). */
export async function setChatUseMemory(deps: AppDeps, user: SessionUser, chatId: string, useMemory: boolean) {
  const { chat } = await accessChat(deps, user, chatId, { allowAdminRead: false });
  await deps.db.update(chats).set({ useMemory }).where(eq(chats.id, chat.id));
  return { useMemory };
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
