import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { ADMIN_USER_CHATS_PAGE_SIZE } from '../../../shared/schemas/admin';
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  RECENT_CHATS_LIMIT,
  SAVED_CHATS_PAGE_SIZE,
} from '../../../shared/schemas/chats';
import type { PageCursor } from '../../../shared/schemas/pagination';
import type { Executor } from '../../db/client';
import { newestFirst, toPage } from '../../db/keyset';
import { chatMessages, chats, users } from '../../db/schema';
import { branchIds } from '../chat/chat.queries';

const listColumns = {
  id: chats.id,
  title: chats.title,
  youtubeUrl: chats.youtubeUrl,
  totalTokens: chats.totalTokens,
  createdAt: chats.createdAt,
};

const notDeleted = isNull(chats.deletedAt);

/** A user's chats, newest first, deleted ones left out (the partial index chats_user_recent_idx). */
export async function listChats(db: Executor, userId: string, limit: number) {
  return db
    .select(listColumns)
    .from(chats)
    .where(and(eq(chats.userId, userId), notDeleted))
    .orderBy(desc(chats.createdAt))
    .limit(limit);
}

const chatOrder = newestFirst(chats);

/** A page of a user's live chats for the admin's user detail, the next page's cursor, and how many in all. */
export async function pageOfChats(db: Executor, userId: string, cursor?: PageCursor) {
  const live = and(eq(chats.userId, userId), notDeleted);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...listColumns, position: chatOrder.position })
      .from(chats)
      .where(and(live, chatOrder.after(cursor)))
      .orderBy(...chatOrder.orderBy)
      .limit(ADMIN_USER_CHATS_PAGE_SIZE + 1),
    db.select({ total: count() }).from(chats).where(live),
  ]);
  const { items, nextCursor } = toPage('chats', rows, ADMIN_USER_CHATS_PAGE_SIZE);
  return { chats: items, nextCursor, total: totals?.total ?? 0 };
}

/** The dashboard's newest chats, and whether the library holds more than it shows. */
export async function recentChats(db: Executor, userId: string) {
  return firstOf(await listChats(db, userId, RECENT_CHATS_LIMIT + 1), RECENT_CHATS_LIMIT);
}

// These two expressions must stay identical to the GIN indexes of the schema (chats_search_idx,
// chat_messages_search_idx), or PostgreSQL cannot use them.
const chatDocumentText = sql`coalesce(${chats.title}, '') || ' ' || ${chats.transcript}`;
const chatDocument = sql`to_tsvector('english', ${chatDocumentText})`;
const messageDocument = sql`to_tsvector('english', ${chatMessages.content})`;

const HEADLINE_OPTIONS = `StartSel="${HIGHLIGHT_START}", StopSel="${HIGHLIGHT_END}", MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * Saved Chats search: the user's live chats whose title, transcript or messages match, newest first,
 * with a snippet whose matches are wrapped in the highlight marks. websearch_to_tsquery accepts any
 * input (quotes, operators, garbage) without an error; a query of stop words matches nothing.
 */
export async function searchChats(db: Executor, userId: string, text: string, page: number) {
  const query = sql`websearch_to_tsquery('english', ${text})`;
  const chatsWithMatchingMessage = sql`select ${chatMessages.chatId} from ${chatMessages} where ${chatMessages.userId} = ${userId} and ${messageDocument} @@ ${query}`;
  // Only the messages of the branch on screen count (decision 041): the others are versions out of view.
  const matchingOnScreen = sql`from ${chatMessages} where ${chatMessages.chatId} = ${chats.id} and ${messageDocument} @@ ${query}
    and ${chatMessages.id} in ${branchIds(sql`${chats.currentLeafId}`)}`;
  const firstMatchingMessage = sql`(select ts_headline('english', ${chatMessages.content}, ${query}, ${HEADLINE_OPTIONS}) ${matchingOnScreen} order by ${chatMessages.createdAt}, ${chatMessages.seq} limit 1)`;
  const rows = await db
    .select({
      ...listColumns,
      snippet: sql<string | null>`case when ${chatDocument} @@ ${query}
        then ts_headline('english', ${chatDocumentText}, ${query}, ${HEADLINE_OPTIONS})
        else ${firstMatchingMessage} end`,
    })
    .from(chats)
    .where(
      and(
        eq(chats.userId, userId),
        notDeleted,
        sql`(${chatDocument} @@ ${query} or (${chats.id} in (${chatsWithMatchingMessage}) and exists (select 1 ${matchingOnScreen})))`,
      ),
    )
    .orderBy(desc(chats.createdAt))
    .limit(SAVED_CHATS_PAGE_SIZE + 1)
    .offset((page - 1) * SAVED_CHATS_PAGE_SIZE);
  return firstOf(rows, SAVED_CHATS_PAGE_SIZE);
}

/** All live chats of the user, newest first, a page at a time (Saved Chats without a search). */
export async function pageChats(db: Executor, userId: string, page: number) {
  const rows = await db
    .select({ ...listColumns, snippet: sql<string | null>`null` })
    .from(chats)
    .where(and(eq(chats.userId, userId), notDeleted))
    .orderBy(desc(chats.createdAt))
    .limit(SAVED_CHATS_PAGE_SIZE + 1)
    .offset((page - 1) * SAVED_CHATS_PAGE_SIZE);
  return firstOf(rows, SAVED_CHATS_PAGE_SIZE);
}

/** One more row than shown was read: the rows to show, and whether there are more. */
function firstOf<T>(rows: T[], shown: number) {
  return { chats: rows.slice(0, shown), hasMore: rows.length > shown };
}

/** Which of these videos the user has a live chat on (the partial index chats_user_video_idx). */
export async function consultedVideoIds(
  db: Executor,
  userId: string,
  videoIds: string[],
): Promise<Set<string>> {
  if (videoIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ videoId: chats.videoId })
    .from(chats)
    .where(and(eq(chats.userId, userId), inArray(chats.videoId, videoIds), notDeleted));
  return new Set(rows.map((row) => row.videoId!));
}

/**
 * The videos most consulted since a moment, counting each user once, and only users whose address is
 * verified and whose account was opened before `accountsBefore` (decision 044), and only videos that
 * at least `minUsers` such users consulted; ids and counts only, never who. Reads the range of the
 * partial index chats_recent_videos_idx (created_at, video_id, user_id), so it costs the window's
 * chats (each joined to its user by primary key), not the table's. Returns the statement unrun, so
 * that the bench can EXPLAIN the app's own.
 */
export function mostConsultedVideos(
  db: Executor,
  {
    since,
    accountsBefore,
    minUsers,
    limit,
  }: { since: Date; accountsBefore: Date; minUsers: number; limit: number },
) {
  const consulters = sql<number>`count(distinct ${chats.userId})::int`;
  return db
    .select({ videoId: sql<string>`${chats.videoId}`, consulters })
    .from(chats)
    .innerJoin(users, eq(users.id, chats.userId))
    .where(
      and(
        gte(chats.createdAt, since),
        isNotNull(chats.videoId),
        notDeleted,
        eq(users.emailVerified, true),
        lte(users.createdAt, accountsBefore),
      ),
    )
    .groupBy(chats.videoId)
    .having(sql`count(distinct ${chats.userId}) >= ${minUsers}`)
    .orderBy(desc(consulters), desc(sql`max(${chats.createdAt})`))
    .limit(limit);
}
