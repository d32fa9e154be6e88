import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
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

/**
 * The ids of a branch (decision 041): the message `leafId` and every message it follows, back to the
 * chat's first. A recursive walk up the parent links, one primary-key read a message.
 */
export function branchIds(leafId: SQL | string | null): SQL {
  return sql`(with recursive branch(id, parent_id) as (
      select ${chatMessages.id}, ${chatMessages.parentId} from ${chatMessages} where ${chatMessages.id} = ${leafId}
      union all
      select m.id, m.parent_id from ${chatMessages} m join branch on m.id = branch.parent_id)
    select id from branch)`;
}

/** The key of a message's versions: its parent, or its chat for the chat's first messages (the index chat_messages_versions_idx). */
const versionKey = (table: { parentId: AnyPgColumn; chatId: AnyPgColumn }) =>
  sql`coalesce(${table.parentId}, ${table.chatId})`;

const versionsOf = sql<string[]>`(select json_agg(v.id order by v.created_at, v.seq) from ${chatMessages} v
  where coalesce(v.parent_id, v.chat_id) = ${versionKey(chatMessages)})`;

export type BranchMessage = MessageRow & {
  /** The message's versions, oldest first, this one among them (one id: it has no other). */
  versionIds: string[];
};

/** The messages of the branch ending at `leaf`, oldest first, each with its versions. */
const branchEndingAt = (db: Executor, leaf: SQL) =>
  db
    .select({ ...getTableColumns(chatMessages), versionIds: versionsOf })
    .from(chatMessages)
    .where(inArray(chatMessages.id, branchIds(leaf)))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.seq));

const branchQuery = preparedFor((db) =>
  branchEndingAt(
    db,
    sql`(select ${chats.currentLeafId} from ${chats} where ${chats.id} = ${sql.placeholder('chatId')})`,
  ).prepare('branch_on_screen'),
);

/** The messages of a chat's branch on screen, oldest first, each with its versions. */
export function listBranch(db: Executor, chatId: string): Promise<BranchMessage[]> {
  return branchQuery(db).execute({ chatId });
}

/** The messages of the branch ending at `leafId` (a message the caller found in the chat), oldest first. */
export function listBranchEndingAt(db: Executor, leafId: string): Promise<BranchMessage[]> {
  return branchEndingAt(db, sql`${leafId}::uuid`);
}

export type HistoryMessage = Pick<MessageRow, 'role' | 'content'>;

/**
 * The newest `limit` messages of the branch ending at `branch.leafId` that are not apologies or blank,
 * newest first (`promptHistory`), as a query to run with other statements.
 */
export function newestHistoryQuery(branch: { leafId: string; userId: string }, limit: number): SQL {
  return sql`select ${chatMessages.role}, ${chatMessages.content} from ${chatMessages}
    where ${chatMessages.id} in ${branchIds(sql`${branch.leafId}::uuid`)}
      and ${chatMessages.userId} = ${branch.userId} and ${chatMessages.status} <> 'error'
      and ${chatMessages.content} ~ '\\S'
    order by ${chatMessages.createdAt} desc, ${chatMessages.seq} desc limit ${limit}`;
}

/**
 * The conversation a reply's prompt carries: the newest `limit` messages of the branch ending at
 * `leafId` (what the user sees above the reply) that are not apologies or blank, oldest first.
 */
export async function promptHistory(
  db: Executor,
  branch: { leafId: string | null; userId: string },
  limit: number,
): Promise<HistoryMessage[]> {
  const { leafId, userId } = branch;
  if (!leafId) return [];
  const result = await db.execute(newestHistoryQuery({ leafId, userId }, limit));
  return (result as unknown as { rows: HistoryMessage[] }).rows.reverse();
}

/** A message of the chat, by id. */
export async function findMessage(
  db: Executor,
  chatId: string,
  messageId: string,
): Promise<MessageRow | null> {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId)))
    .limit(1);
  return row ?? null;
}

/**
 * The newest message at or below `messageId` in its chat: the end of the branch that shows it (a
 * message's descendants are all newer than it, so the newest is a leaf). Null when it is not the chat's.
 */
export async function newestLeafUnder(
  db: Executor,
  chatId: string,
  messageId: string,
): Promise<string | null> {
  const result = await db.execute(sql`
    with recursive below(id, created_at, seq) as (
      select id, created_at, seq from ${chatMessages} where id = ${messageId} and chat_id = ${chatId}
      union all
      select m.id, m.created_at, m.seq from ${chatMessages} m join below on coalesce(m.parent_id, m.chat_id) = below.id)
    select id from below order by created_at desc, seq desc limit 1`);
  const [row] = (result as unknown as { rows: { id: string }[] }).rows;
  return row?.id ?? null;
}

/** Shows the branch ending at `leafId`. */
export async function showBranch(db: Executor, chatId: string, leafId: string): Promise<void> {
  await db.update(chats).set({ currentLeafId: leafId }).where(eq(chats.id, chatId));
}

/**
 * Claims the regeneration of a chat's last answer: one atomic update, so of any number of concurrent
 * requests exactly one gets `true`, and only while the branch on screen still ends at `leafId`.
 */
export async function claimRegeneration(
  db: Executor,
  chat: { id: string; userId: string },
  leafId: string,
): Promise<boolean> {
  const claimed = await db
    .update(chats)
    .set({ regenerationClaimedAt: sql`now()` })
    .where(
      and(
        eq(chats.id, chat.id),
        eq(chats.userId, chat.userId),
        isNull(chats.deletedAt),
        eq(chats.currentLeafId, leafId),
        or(isNull(chats.regenerationClaimedAt), lt(chats.regenerationClaimedAt, STALE_CLAIM)),
      ),
    )
    .returning({ id: chats.id });
  return claimed.length === 1;
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
  /** Its first message, stored in the same statement. */
  currentLeafId: string;
}): SQL {
  return sql`
    insert into ${chats} (id, user_id, title, youtube_url, video_id, transcript, current_leaf_id)
    select ${chat.id}, ${chat.userId}, ${chat.title}, youtube_url, video_id, '', ${chat.currentLeafId}
    from ${libraryVideos} where id = ${chat.libraryVideoId} and user_id = ${chat.userId}`;
}

export type NewMessage = Omit<typeof chatMessages.$inferInsert, 'id' | 'parentId'>;

/**
 * Messages that follow one another, the first after `parentId`: their rows with ids and parent links,
 * and the id of the last (the new end of the branch). The first may come with its id (a streamed answer's).
 */
export function chainedMessages(
  parentId: string | null,
  messages: NewMessage[],
  firstId: string = randomUUID(),
) {
  let parent = parentId;
  const rows = messages.map((message, index) => {
    const id = index === 0 ? firstId : randomUUID();
    const row = { ...message, id, parentId: parent };
    parent = id;
    return row;
  });
  return { rows, lastId: parent };
}

export function insertMessagesStatement(db: Executor, values: (typeof chatMessages.$inferInsert)[]): SQL {
  return db.insert(chatMessages).values(values).getSQL();
}

/**
 * The one update of the chat a reply or a question makes (a statement of `writeTogether` may update a
 * row once): tokens added, the branch on screen moved to end at `branch.to` (with `ifEndingAt`, only if
 * it still ended there: a reply the user has since moved away from stays a version), and a
 * regeneration's claim ended.
 */
export function updateChatStatement(
  db: Executor,
  chatId: string,
  change: {
    tokens?: number;
    branch?: { to: string; ifEndingAt?: string | null };
    endsRegeneration?: boolean;
  },
): SQL {
  const { tokens = 0, branch, endsRegeneration = false } = change;
  const leaf = (to: string, ifEndingAt: string | null | undefined) =>
    ifEndingAt === undefined
      ? to
      : sql`case when ${chats.currentLeafId} is not distinct from ${ifEndingAt}::uuid then ${to}::uuid else ${chats.currentLeafId} end`;
  return db
    .update(chats)
    .set({
      totalTokens: sql`${chats.totalTokens} + ${tokens}`,
      ...(branch && { currentLeafId: leaf(branch.to, branch.ifEndingAt) }),
      ...(endsRegeneration && { regenerationClaimedAt: null }),
    })
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
  await writeThenRead(db, statements, sql`select 1`);
}

/**
 * `writeTogether`, answering the rows of `read` in the same round trip. `read` sees the database as it
 * was before the writes (PostgreSQL runs a statement's parts on one snapshot).
 */
export async function writeThenRead<Row>(db: Executor, statements: SQL[], read: SQL): Promise<Row[]> {
  const parts = statements.map((statement, i) => sql`${sql.raw(`w${i}`)} as (${statement})`);
  const result = await db.execute(sql`with ${sql.join(parts, sql`, `)} ${read}`);
  return (result as unknown as { rows: Row[] }).rows;
}
