import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { chatSources, chats, libraryVideos, shareLinks, users } from '../../db/schema';
import { insertOldRow, migrateBefore } from '../../testing/migrations';
import { openTestDatabase } from '../../testing/test-database';

/** Links made before they recorded their videos share, once migrated, the videos their chat has now. */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

it("gives each existing link its chat's live sources", async () => {
  await migrateBefore(database, '_share-link-sources');
  await insertOldRow(db, users, { id: 'user-maya', name: 'Maya', email: 'maya@example.com' });
  const chatId = await insertOldRow(db, chats, { userId: 'user-maya', transcript: 'A talk on pricing.' });
  const source = async (number: number, removedAt: Date | null) => {
    const videoId = await insertOldRow(db, libraryVideos, {
      userId: 'user-maya',
      transcript: `Video ${number}.`,
    });
    return insertOldRow(db, chatSources, { chatId, libraryVideoId: videoId, number, removedAt });
  };
  const live = await source(1, null);
  await source(2, new Date('2026-03-01T10:00:00Z'));
  const third = await source(3, null);
  const linkId = await insertOldRow(db, shareLinks, {
    token: 'token-1',
    chatId,
    userId: 'user-maya',
    messageIds: [],
  });

  await migrateDatabase(database);

  const [link] = await db.select().from(shareLinks).where(eq(shareLinks.id, linkId));
  expect(link?.sourceIds).toEqual([live, third]);
});
