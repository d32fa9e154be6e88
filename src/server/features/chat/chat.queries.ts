import { and, asc, desc, eq, getTableColumns, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { chatMessages, chatSources, chats, libraryVideos, type TranscriptSegment } from '../../db/schema';

export type ChatRow = typeof chats.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

/** A consultation 'Ask your library' opened stores no transcript of its own (decision 038). */
const hasOwnTranscript = sql`${chats.transcript} <> ''`;

/** A column of the chat's source 1's video. */
const firstSourceVideo = (column: AnyPgColumn) =>
  sql`(select ${column} from ${chatSources} join ${libraryVideos} on ${libraryVideos.id} = ${chatSources.libraryVideoId}
       where ${chatSources.chatId} = ${chats.id} and ${chatSources.number} = 1)`;

/** A chat as every reader sees it: its own video's transcript is its source 1's when it stores none. */
const chatColumns = {
  ...getTableColumns(chats),
  transcript: sql<string>`case when ${hasOwnTranscript} then ${chats.transcript} else ${firstSourceVideo(libraryVideos.transcript)} end`,
  transcriptSegments: sql<
    TranscriptSegment[] | null
  >`case when ${hasOwnTranscript} then ${chats.transcriptSegments} else ${firstSourceVideo(libraryVideos.segments)} end`.mapWith(
    chats.transcriptSegments,
  ),
};

const ownLiveChatQuery = preparedFor((db) =>
  db
    .select(chatColumns)
    .from(chats)
    .where(
      and(
        eq(chats.id, sql.placeholder('chatId')),
        eq(chats.userId, sql.placeholder('userId')),
        isNull(chats.deletedAt),
      ),
    )
    .limit(1)
    .prepare('own_live_chat'),
);

/** A chat that is not deleted, by id; with `userId`, only that user's (else the caller checks). */
export async function findLiveChat(db: Executor, chatId: string, userId?: string): Promise<ChatRow | null> {
  const [row] = userId
    ? await ownLiveChatQuery(db).execute({ chatId, userId })
    : await db
        .select(chatColumns)
        .from(chats)
        .where(and(eq(chats.id, chatId), isNull(chats.deletedAt)))
        .limit(1);
  return row ?? null;
}

export async function findOwnMessage(
  db: Executor,
  userId: string,
  messageId: string,
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.userId, userId)))
    .limit(1);
  return row ?? null;
}

export function listMessages(db: Executor, chatId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.seq));
}

export type HistoryMessage = Pick<MessageRow, 'role' | 'content'>;

const promptHistoryQuery = preparedFor((db) =>
  db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, sql.placeholder('chatId')),
        eq(chatMessages.userId, sql.placeholder('userId')),
        ne(chatMessages.status, 'error'),
        sql`${chatMessages.content} ~ '\\S'`,
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(chatMessages.seq))
    .limit(sql.placeholder('limit'))
    .prepare('prompt_history'),
);

/**
 * The conversation a reply's prompt carries: the user's newest `limit` messages in the chat that are
 * not apologies or blank, oldest first. Its cost stays the same however long the chat grows.
 */
export async function promptHistory(
  db: Executor,
  chat: { chatId: string; userId: string },
  limit: number,
): Promise<HistoryMessage[]> {
  const newest = await promptHistoryQuery(db).execute({ ...chat, limit });
  return newest.reverse();
}

/** A claim left by a process that died before storing anything may be taken again after this long. */
const STALE_CLAIM_MINUTES = 11;
const STALE_CLAIM = sql.raw(`now() - interval '${STALE_CLAIM_MINUTES} minutes'`);

export function isStaleClaim(claimedAt: Date, now = Date.now()): boolean {
  return now - claimedAt.getTime() > STALE_CLAIM_MINUTES * 60_000;
}

/**
 * Claims the automatic first answer of a chat: one atomic update, so of any number of concurrent
 * requests (two tabs, two processes) exactly one gets `true`.
 */
export async function claimFirstReply(db: Executor, chatId: string, userId: string): Promise<boolean> {
  const claimed = await db
    .update(chats)
    .set({ firstReplyClaimedAt: sql`now()` })
    .where(
      and(
        eq(chats.id, chatId),
        eq(chats.userId, userId),
        isNull(chats.deletedAt),
        or(isNull(chats.firstReplyClaimedAt), lt(chats.firstReplyClaimedAt, STALE_CLAIM)),
        sql`not exists (select 1 from ${chatMessages} where ${chatMessages.chatId} = ${chats.id})`,
      ),
    )
    .returning({ id: chats.id });
  return claimed.length === 1;
}

/**
 * A chat whose own video is a video of its user's library: its link is copied, its transcript is not
 * (readers take source 1's, and Saved Chats searches it by its title alone).
 */
export function insertChatOfVideoStatement(chat: {
  id: string;
  userId: string;
  title: string;
  libraryVideoId: string;
}): SQL {
  return sql`
    insert into ${chats} (id, user_id, title, youtube_url, video_id, transcript)
    select ${chat.id}, ${chat.userId}, ${chat.title}, youtube_url, video_id, ''
    from ${libraryVideos} where id = ${chat.libraryVideoId} and user_id = ${chat.userId}`;
}

export function insertMessagesStatement(db: Executor, values: (typeof chatMessages.$inferInsert)[]): SQL {
  return db.insert(chatMessages).values(values).getSQL();
}

export function addChatTokensStatement(db: Executor, chatId: string, tokens: number): SQL {
  return db
    .update(chats)
    .set({ totalTokens: sql`${chats.totalTokens} + ${tokens}` })
    .where(eq(chats.id, chatId))
    .getSQL();
}

/**
 * Runs several writes as one statement (data-modifying CTEs): all or nothing like a transaction, in one
 * round trip, and without holding a pooled connection between statements (at the end of 2,000
 * concurrent replies, transactions of several statements kept requests waiting past the pool's timeout).
 */
export async function writeTogether(db: Executor, statements: SQL[]): Promise<void> {
  if (statements.length === 0) return;
  const parts = statements.map((statement, i) => sql`${sql.raw(`w${i}`)} as (${statement})`);
  await db.execute(sql`with ${sql.join(parts, sql`, `)} select 1`);
}
