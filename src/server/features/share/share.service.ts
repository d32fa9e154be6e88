import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { sharedPagePath } from '../../../shared/schemas/share';
import { titleFromTranscript } from '../../../shared/transcript';
import type { SessionUser } from '../../context';
import type { Database, Executor } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { chatMessages, chats, shareLinks } from '../../db/schema';
import { notFound } from '../../http/errors';
import { chainedMessages, findLiveChat, showBranch } from '../chat/chat.queries';
import { messagesOnScreen } from '../chat/chat.service';
import { chatSourcesView, copySources, liveSourceIds } from '../chat/sources.service';
import { assertWithinLimit } from '../usage/usage.service';

/** 32 random bytes: a token nobody can guess or enumerate. */
const newToken = () => randomBytes(32).toString('base64url');

type ShareLinkRow = typeof shareLinks.$inferSelect;

function serializeLink(link: ShareLinkRow) {
  return {
    id: link.id,
    path: sharedPagePath(link.token),
    messageCount: link.messageIds.length,
    createdAt: link.createdAt.toISOString(),
  };
}

async function ownLiveChat(db: Executor, user: SessionUser, chatId: string) {
  const chat = await findLiveChat(db, chatId, user.id);
  if (!chat) throw notFound('Chat not found');
  return chat;
}

/**
 * A new read-only link to the messages on screen now and the chat's videos now; later messages and
 * videos are not shared.
 */
export async function createShareLink(db: Database, user: SessionUser, chatId: string) {
  const chat = await ownLiveChat(db, user, chatId);
  const [messages, sourceIds] = await Promise.all([
    messagesOnScreen(db, chat.id),
    liveSourceIds(db, chat.id),
  ]);
  const [link] = await db
    .insert(shareLinks)
    .values({
      token: newToken(),
      chatId: chat.id,
      userId: user.id,
      messageIds: messages.map((m) => m.id),
      sourceIds,
    })
    .returning();
  return serializeLink(link!);
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

/**
 * Saves a shared conversation to the signed-in visitor's library as a new consultation of theirs: its
 * shared videos (copied into their library under the same numbers) and the shared messages. No tokens are
 * spent; like any new consultation, it is refused over the plan's limit.
 */
export async function saveSharedCopy(db: Database, user: SessionUser, token: string): Promise<string> {
  await assertWithinLimit(db, user);
  const link = await findLiveLink(db, token);
  const [original, messages] = await Promise.all([
    findLiveChat(db, link.chatId),
    snapshotMessages(db, link.chatId, link.messageIds),
  ]);
  if (!original) throw notFound('This link does not exist or was revoked');
  return db.transaction(async (tx) => {
    const [chat] = await tx
      .insert(chats)
      .values({
        userId: user.id,
        youtubeUrl: original.youtubeUrl,
        videoId: original.videoId,
        transcript: original.transcript,
        transcriptSegments: original.transcriptSegments,
        title: original.title,
        // With messages it needs no automatic first answer.
        firstReplyClaimedAt: messages.length > 0 ? new Date() : null,
      })
      .returning({ id: chats.id });
    await copySources(
      tx,
      { chatId: original.id, sourceIds: link.sourceIds },
      { chatId: chat!.id, userId: user.id },
    );
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
