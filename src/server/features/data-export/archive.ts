import { eq, getTableName, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  billingEvents,
  channelFollows,
  chatMessages,
  chatSources,
  chats,
  followUpSuggestions,
  libraryVideos,
  memories,
  memorySettings,
  messageRatings,
  oauthConsents,
  outboxEmails,
  paymentMethods,
  planItems,
  planSettings,
  profiles,
  shareLinks,
  subscriptions,
  suggestionPreferences,
  supportTicketReplies,
  supportTickets,
  usageMonths,
  users,
  weeklyEmailSends,
  youtubeSearchCounts,
} from '../../db/schema';

/** What the archive says it is: a reader checks both before it reads `tables`. */
export const ARCHIVE_FORMAT = 'vidvisor-data-export';
export const ARCHIVE_VERSION = 1;

interface ExportedTable {
  table: PgTable;
  /** Which of the table's rows are the user's. */
  owned: (userId: string) => SQL;
}

const byUser = (table: PgTable, column: PgColumn): ExportedTable => ({
  table,
  owned: (userId) => eq(column, userId),
});

const chatIdsOf = (db: Executor, userId: string) =>
  db.select({ id: chats.id }).from(chats).where(eq(chats.userId, userId));
const ticketIdsOf = (db: Executor, userId: string) =>
  db.select({ id: supportTickets.id }).from(supportTickets).where(eq(supportTickets.userId, userId));

/**
 * Every table that holds a user's rows, each with which rows are theirs: the archive has one entry per
 * table, named as in the database. A table added to the schema that is deleted with its user (a
 * `memories` table, say) is one line here; the archive's test reads the database's catalogue, so a
 * table missing from this list and from TABLES_NOT_EXPORTED fails it.
 */
function exportedTables(db: Executor): ExportedTable[] {
  return [
    byUser(users, users.id),
    byUser(profiles, profiles.userId),
    byUser(chats, chats.userId),
    byUser(chatMessages, chatMessages.userId),
    { table: chatSources, owned: (userId) => inArray(chatSources.chatId, chatIdsOf(db, userId)) },
    byUser(libraryVideos, libraryVideos.userId),
    byUser(messageRatings, messageRatings.userId),
    byUser(shareLinks, shareLinks.userId),
    byUser(followUpSuggestions, followUpSuggestions.userId),
    byUser(planItems, planItems.userId),
    byUser(planSettings, planSettings.userId),
    byUser(memories, memories.userId),
    byUser(memorySettings, memorySettings.userId),
    byUser(channelFollows, channelFollows.userId),
    byUser(oauthConsents, oauthConsents.userId),
    byUser(supportTickets, supportTickets.userId),
    {
      table: supportTicketReplies,
      owned: (userId) => inArray(supportTicketReplies.ticketId, ticketIdsOf(db, userId)),
    },
    byUser(usageMonths, usageMonths.userId),
    byUser(subscriptions, subscriptions.userId),
    byUser(paymentMethods, paymentMethods.userId),
    byUser(billingEvents, billingEvents.userId),
    byUser(suggestionPreferences, suggestionPreferences.userId),
    byUser(weeklyEmailSends, weeklyEmailSends.userId),
    byUser(youtubeSearchCounts, youtubeSearchCounts.userId),
    byUser(outboxEmails, outboxEmails.userId),
  ];
}

/** The tables deleted with a user that the archive leaves out, and why. */
export const TABLES_NOT_EXPORTED: Record<string, string> = {
  session: 'sign-in sessions: their tokens are secrets, and they end on their own',
  account: 'sign-in methods: a password hash and provider tokens, secrets rather than data',
  request_limits: 'rate-limit counters of the last hour',
  generation_leases: 'a lock held only while a reply is being written',
  live_replies: 'which reply is being written now, for at most its ten minutes: no text of its own',
  follow_up_leases: 'a lock held only while suggested follow-ups are being written',
  video_passages: 'the library videos cut into passages for search: the transcripts are in library_videos',
  data_exports: 'the archives themselves',
  plan_calendar_feeds: 'the calendar address: only the hash of its secret token',
  oauth_access_token: "an assistant's access tokens: hashes of secrets, each ending within the hour",
  oauth_refresh_token: "an assistant's refresh tokens: hashes of secrets",
  oauth_client:
    "the registration an assistant made of itself: its name and addresses are the assistant's, its secret encrypted (oauth_consent lists what the user allowed it)",
  oauth_client_resource:
    "which resource an assistant's registration may ask for: the assistant's, not the user's",
};

/**
 * The user's archive: one JSON document, `tables` holding each table's rows of the user (columns as
 * the API names them, times in ISO 8601, UTC).
 */
export async function buildArchive(db: Executor, userId: string, exportedAt: Date): Promise<string> {
  const tables: Record<string, unknown[]> = {};
  for (const { table, owned } of exportedTables(db)) {
    tables[getTableName(table)] = await db.select().from(table).where(owned(userId));
  }
  return JSON.stringify(
    {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      exportedAt: exportedAt.toISOString(),
      userId,
      tables,
    },
    null,
    2,
  );
}
