import type { SQL } from 'drizzle-orm';
import { monthKey } from '../../../shared/dates';
import { CHAT_TITLE_MAX } from '../../../shared/schemas/chats';
import type { CreateChatInput } from '../../../shared/schemas/consult';
import {
  collapseWhitespace,
  MAX_TRANSCRIPT_CHARS,
  NO_TRANSCRIPT_MESSAGE,
  parseCaptionFile,
  parsePastedTranscript,
  segmentsToPlainText,
  TRANSCRIPT_FETCH_FAILED_MESSAGE,
  titleFromTranscript,
} from '../../../shared/transcript';
import { parseYouTubeVideoId, youTubeWatchUrl } from '../../../shared/youtube';
import type { AppDeps, SessionUser } from '../../context';
import type { Executor } from '../../db/client';
import { chats } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../http/errors';
import {
  chatSourcesView,
  drawOnVideosStatement,
  insertSource,
  type SourceVideo,
} from '../sources/sources.service';
import { assertWithinLimit, isOverLimit, usageIncrement } from '../usage/usage.service';
import {
  type ChatRow,
  findLiveChat,
  findOwnMessage,
  insertChatOfVideoStatement,
  insertMessagesStatement,
  listMessages,
  type MessageRow,
  writeTogether,
} from './consult.queries';

export const TRANSCRIPT_BLOCKED_MESSAGE =
  "YouTube would not give us this video's captions (it blocks many servers). Paste the transcript or upload a caption file instead: we keep the link so your chat still has its video.";

/** Creates a consultation from a YouTube link, a pasted transcript or a caption file: its video is source 1. */
export async function createChat(deps: AppDeps, user: SessionUser, input: CreateChatInput): Promise<ChatRow> {
  // Before the transcript is fetched: over the limit, the chat could never be answered.
  await assertWithinLimit(deps.db, user);
  const video = await readVideo(deps, input);
  return deps.db.transaction(async (tx) => {
    const [chat] = await tx
      .insert(chats)
      .values({
        userId: user.id,
        youtubeUrl: video.youtubeUrl,
        videoId: video.videoId,
        transcript: video.transcript,
        transcriptSegments: video.segments,
        title: video.title || titleFromTranscript(video.transcript),
      })
      .returning();
    await insertSource(tx, { chatId: chat!.id, userId: user.id }, 1, video);
    return chat!;
  });
}

/**
 * The video an intake names (a YouTube link, a pasted transcript or a caption file), read and checked:
 * what a consultation starts from, or a video added to one.
 */
export async function readVideo(deps: AppDeps, input: CreateChatInput): Promise<SourceVideo> {
  const video = await transcriptFor(deps, input);
  if (!video.transcript) throw transcriptUnavailable();
  if (video.transcript.length > MAX_TRANSCRIPT_CHARS) {
    throw badRequest(
      `Keep the transcript under ${MAX_TRANSCRIPT_CHARS.toLocaleString('en-US')} characters`,
      'transcript',
    );
  }
  return video;
}

async function transcriptFor(deps: AppDeps, input: CreateChatInput): Promise<SourceVideo> {
  const link = linkOf(input.youtubeUrl);
  if (input.source === 'manual') {
    const segments = parsePastedTranscript(input.transcript);
    const transcript = segments ? segmentsToPlainText(segments) : input.transcript.trim();
    return { transcript, segments, ...link, title: null };
  }
  if (input.source === 'captions') {
    const parsed = parseCaptionFile(input.content);
    if (!parsed.ok) throw badRequest(parsed.message, 'content');
    return {
      transcript: segmentsToPlainText(parsed.segments),
      segments: parsed.segments,
      ...link,
      title: null,
    };
  }
  const outcome = await deps.transcripts.fetchTranscript(link.videoId!);
  if (!outcome.ok && outcome.kind === 'unavailable') {
    deps.logger.info({ videoId: link.videoId, attempts: outcome.attempts }, NO_TRANSCRIPT_MESSAGE);
    throw transcriptUnavailable();
  }
  if (!outcome.ok) throw new AppError(502, 'transcript_blocked', TRANSCRIPT_BLOCKED_MESSAGE);
  const { segments, title } = outcome.transcript;
  return { transcript: segmentsToPlainText(segments), segments, ...link, title };
}

/** The video id and canonical link of an intake's optional YouTube link. */
export function linkOf(youtubeUrl: string | undefined) {
  const videoId = youtubeUrl ? parseYouTubeVideoId(youtubeUrl) : null;
  return { videoId, youtubeUrl: videoId ? youTubeWatchUrl(videoId) : null };
}

/** The spec: an empty transcript raises 'No transcript available for this video'; the user sees this. */
const transcriptUnavailable = () =>
  new AppError(422, 'transcript_unavailable', TRANSCRIPT_FETCH_FAILED_MESSAGE);

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
  const [messages, sources, overLimit] = await Promise.all([
    listMessages(deps.db, access.chat.id),
    chatSourcesView(deps.db, access.chat.id),
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
