import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { knownLanguage } from '../../../shared/languages';
import {
  type CreateShareLinkInput,
  MAX_LIVE_SHARE_LINKS,
  sharedPagePath,
  TOO_MANY_SHARE_LINKS_MESSAGE,
  TRANSCRIPT_NOT_SHARED_NOTE,
} from '../../../shared/schemas/share';
import { segmentsToPlainText, titleFromTranscript } from '../../../shared/transcript';
import type { AppDeps, SessionUser } from '../../context';
import type { Database, Executor } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { chatMessages, chats, shareLinks } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { chainedMessages, findLiveChat, showBranch } from '../chat/chat.queries';
import { messagesOnScreen } from '../chat/chat.service';
import { lockChat } from '../chat/sources.queries';
import {
  chatSourcesView,
  insertCopiedSources,
  liveSourceIds,
  type SourceToCopy,
  type SourceVideo,
  sourcesToCopy,
} from '../chat/sources.service';
import { assertWithinLimit } from '../usage/usage.service';

/** 32 random bytes: a token nobody can guess or enumerate. */
const newToken = () => randomBytes(32).toString('base64url');

type ShareLinkRow = typeof shareLinks.$inferSelect;

function serializeLink(link: ShareLinkRow) {
  return {
    id: link.id,
    path: sharedPagePath(link.token),
    messageCount: link.messageIds.length,
    copiesKeepTranscript: link.copiesKeepTranscript,
    createdAt: link.createdAt.toISOString(),
  };
}

async function ownLiveChat(db: Executor, user: SessionUser, chatId: string) {
  const chat = await findLiveChat(db, chatId, user.id);
  if (!chat) throw notFound('Chat not found');
  return chat;
}

const tooManyLinks = () => new AppError(409, 'too_many_share_links', TOO_MANY_SHARE_LINKS_MESSAGE);

/**
 * A new read-only link to the messages on screen now and the chat's videos now; later messages and
 * videos are not shared. A chat has at most MAX_LIVE_SHARE_LINKS live links, counted under its lock so
 * parallel requests cannot pass the cap together.
 */
export async function createShareLink(
  db: Database,
  user: SessionUser,
  chatId: string,
  options: Required<CreateShareLinkInput>,
) {
  const chat = await ownLiveChat(db, user, chatId);
  const [messages, sourceIds] = await Promise.all([
    messagesOnScreen(db, chat.id),
    liveSourceIds(db, chat.id),
  ]);
  const link = await db.transaction(async (tx) => {
    await lockChat(tx, chat.id);
    const [live] = await tx.select({ links: count() }).from(shareLinks).where(eq(shareLinks.chatId, chat.id));
    if (live!.links >= MAX_LIVE_SHARE_LINKS) throw tooManyLinks();
    const [inserted] = await tx
      .insert(shareLinks)
      .values({
        token: newToken(),
        chatId: chat.id,
        userId: user.id,
        messageIds: messages.map((m) => m.id),
        sourceIds,
        copiesKeepTranscript: options.copiesKeepTranscript,
      })
      .returning();
    return inserted!;
  });
  return serializeLink(link);
}

/** The chat's links, newest first. */
export async function listShareLinks(db: Database, user: SessionUser, chatId: string) {
  const chat = await ownLiveChat(db, user, chatId);
  const links = await db
    .select()
    .from(shareLinks)
    .where(and(eq(shareLinks.chatId, chat.id), eq(shareLinks.userId, user.id)))
    .orderBy(desc(shareLinks.createdAt));
  return links.map(serializeLink);
}

/** Revokes a link: its row goes, so its token is as unknown as one never made. */
export async function revokeShareLink(
  db: Executor,
  user: SessionUser,
  ref: { chatId: string; linkId: string },
): Promise<void> {
  const gone = await db
    .delete(shareLinks)
    .where(
      and(eq(shareLinks.id, ref.linkId), eq(shareLinks.chatId, ref.chatId), eq(shareLinks.userId, user.id)),
    )
    .returning({ id: shareLinks.id });
  if (gone.length === 0) throw notFound('Link not found');
}

/** Revokes every link to a chat (the chat is being deleted). */
export async function revokeChatLinks(db: Executor, chatId: string): Promise<void> {
  await db.delete(shareLinks).where(eq(shareLinks.chatId, chatId));
}

/**
 * A link by its token, when its chat is live: one lookup on the token's unique index, the same for a
 * revoked token (its row is gone) and one never made.
 */
const liveLinkQuery = preparedFor((db) =>
  db
    .select({
      chatId: shareLinks.chatId,
      messageIds: shareLinks.messageIds,
      sourceIds: shareLinks.sourceIds,
      copiesKeepTranscript: shareLinks.copiesKeepTranscript,
      createdAt: shareLinks.createdAt,
    })
    .from(shareLinks)
    .innerJoin(chats, and(eq(chats.id, shareLinks.chatId), isNull(chats.deletedAt)))
    .where(eq(shareLinks.token, sql.placeholder('token')))
    .limit(1)
    .prepare('live_share_link'),
);

async function findLiveLink(db: Executor, token: string) {
  const [link] = await liveLinkQuery(db).execute({ token });
  if (!link) throw notFound('This link does not exist or was revoked');
  return link;
}

/** The shared messages, in the order they were on screen. */
async function snapshotMessages(db: Executor, chatId: string, messageIds: string[]) {
  if (messageIds.length === 0) return [];
  const rows = await db
    .select({
      id: chatMessages.id,
      role: chatMessages.role,
      content: chatMessages.content,
      status: chatMessages.status,
    })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), inArray(chatMessages.id, messageIds)));
  const place = new Map(messageIds.map((id, index) => [id, index]));
  return rows.sort((a, b) => place.get(a.id)! - place.get(b.id)!);
}

/** The shared videos that still exist; one removed since stays listed, marked removed. */
async function snapshotSources(db: Executor, chatId: string, sourceIds: string[]) {
  const shared = new Set(sourceIds);
  return (await chatSourcesView(db, chatId)).filter((source) => shared.has(source.id));
}

/**
 * What anyone with the link reads: the chat's title, its shared videos and messages; never its owner,
 * their profile or their usage.
 */
export async function sharedConversation(db: Executor, token: string) {
  const link = await findLiveLink(db, token);
  const [chat, messages, sources] = await Promise.all([
    findLiveChat(db, link.chatId),
    snapshotMessages(db, link.chatId, link.messageIds),
    snapshotSources(db, link.chatId, link.sourceIds),
  ]);
  if (!chat) throw notFound('This link does not exist or was revoked');
  return {
    title: chat.title ?? titleFromTranscript(chat.transcript),
    youtubeUrl: chat.youtubeUrl,
    sharedAt: link.createdAt.toISOString(),
    sources: sources.map(({ number, title, youtubeUrl, durationSeconds, wordCount, removedAt }) => ({
      number,
      title,
      youtubeUrl,
      durationSeconds,
      wordCount,
      removedAt,
    })),
    messages,
  };
}

/** A video as a copy holds it when its transcript was not shared: its title and link, and the note. */
const withoutTranscript = (video: SourceVideo): SourceVideo => ({
  ...video,
  transcript: TRANSCRIPT_NOT_SHARED_NOTE,
  segments: null,
  language: null,
});

/**
 * A shared source as a copy may hold it when the owner did not let copies keep transcripts (decision
 * 059): a YouTube video by reference, its transcript read from our cache or YouTube as for any link; a
 * pasted transcript, or a video YouTube gives none for, replaced by the note.
 */
async function byReference(deps: AppDeps, source: SourceToCopy): Promise<SourceToCopy> {
  const { videoId } = source.video;
  const outcome = videoId ? await deps.transcripts.fetchTranscript(videoId) : undefined;
  if (!outcome?.ok) return { ...source, video: withoutTranscript(source.video) };
  const { segments, language } = outcome.transcript;
  return {
    ...source,
    video: {
      ...source.video,
      transcript: segmentsToPlainText(segments),
      segments,
      language: knownLanguage(language),
    },
  };
}

/**
 * Saves a shared conversation to the signed-in visitor's library as a new consultation of theirs: what
 * the shared page shows (its title, shared videos under the same numbers, and the shared messages) and,
 * only when the owner allowed it, the transcripts they pasted. No tokens are spent; like any new
 * consultation, it is refused over the plan's limit.
 */
export async function saveSharedCopy(deps: AppDeps, user: SessionUser, token: string): Promise<string> {
  const { db } = deps;
  await assertWithinLimit(db, user);
  const link = await findLiveLink(db, token);
  const [original, messages, shared] = await Promise.all([
    findLiveChat(db, link.chatId),
    snapshotMessages(db, link.chatId, link.messageIds),
    sourcesToCopy(db, { chatId: link.chatId, sourceIds: link.sourceIds }),
  ]);
  if (!original) throw notFound('This link does not exist or was revoked');
  const sources = link.copiesKeepTranscript
    ? shared
    : await Promise.all(shared.map((source) => byReference(deps, source)));
  // The chat's own video is its source 1 when that was shared; otherwise the copy reads the note.
  const first = sources.find((source) => source.number === 1)?.video;
  const ownVideo = link.copiesKeepTranscript
    ? { transcript: original.transcript, segments: original.transcriptSegments }
    : { transcript: first?.transcript ?? TRANSCRIPT_NOT_SHARED_NOTE, segments: first?.segments ?? null };
  return db.transaction(async (tx) => {
    const [chat] = await tx
      .insert(chats)
      .values({
        userId: user.id,
        youtubeUrl: original.youtubeUrl,
        videoId: original.videoId,
        transcript: ownVideo.transcript,
        transcriptSegments: ownVideo.segments,
        // As the shared page titled it.
        title: original.title ?? titleFromTranscript(original.transcript),
        // With messages it needs no automatic first answer.
        firstReplyClaimedAt: messages.length > 0 ? new Date() : null,
      })
      .returning({ id: chats.id });
    await insertCopiedSources(tx, { chatId: chat!.id, userId: user.id }, sources);
    if (messages.length > 0) {
      // One branch, as the visitor read it (decision 041).
      const { rows, lastId } = chainedMessages(
        null,
        messages.map(({ role, content, status }) => ({
          chatId: chat!.id,
          userId: user.id,
          role,
          content,
          status,
        })),
      );
      await tx.insert(chatMessages).values(rows);
      await showBranch(tx, chat!.id, lastId!);
    }
    return chat!.id;
  });
}
