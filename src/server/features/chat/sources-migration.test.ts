import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passagesOf } from '../../adapters/ai/passages';
import type { Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { chatMessages, chatSources, chats, libraryVideos, users, videoPassages } from '../../db/schema';
import { insertOldRow, migrateBefore } from '../../testing/migrations';
import { openTestDatabase } from '../../testing/test-database';
import { indexPendingVideos, passagesForChat } from './sources.service';

/**
 * A database as it stood before sources existed (every migration before them, with users, chats and
 * messages), migrated: every chat becomes a one-source consultation, nothing else changes.
 */

const SOURCES_MIGRATION = '_chat-sources';

// The columns of that time: later migrations add others (answers' models, message branches, memory).
const { currentLeafId, regenerationClaimedAt, useMemory, ...chatColumns } = getTableColumns(chats);
const { parentId, model, ...messageColumns } = getTableColumns(chatMessages);

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Database;
let before: { chats: unknown[]; messages: unknown[] };

const VIDEO_ID = 'dQw4w9WgXcQ';
const SEGMENTS = [
  { start: 0, duration: 12, text: 'Welcome: today we talk about pricing a bakery subscription.' },
  { start: 12, duration: 20, text: 'Loyalty cards bring customers back every week.' },
  { start: 95, duration: 7.5, text: 'Raise prices slowly and tell customers why.' },
];
const UNTIMED = 'A pasted talk with no times. It covers referrals for cafes! And it ends here.';

async function seedOldData() {
  const maya = {
    id: await insertOldRow(db, users, { id: 'user-maya', name: 'Maya', email: 'maya@example.com' }),
  };
  const leo = {
    id: await insertOldRow(db, users, { id: 'user-leo', name: 'Leo', email: 'leo@example.com' }),
  };
  // The cache of that time, keyed by video alone (a later migration adds the track).
  await db.execute(
    sql`insert into transcript_cache (video_id, title, source, segments) values (${VIDEO_ID}, 'Pricing a bakery subscription', 'watch-page', ${JSON.stringify(SEGMENTS)}::jsonb)`,
  );
  const chatValues: (typeof chats.$inferInsert)[] = [
    {
      userId: maya!.id,
      youtubeUrl: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
      videoId: VIDEO_ID,
      transcript: SEGMENTS.map((s) => s.text).join(' '),
      transcriptSegments: SEGMENTS,
      title: 'Renamed by Maya',
      totalTokens: 420,
      firstReplyClaimedAt: new Date('2026-01-02T10:00:00Z'),
      createdAt: new Date('2026-01-02T09:59:00Z'),
    },
    { userId: maya!.id, transcript: UNTIMED, title: 'A pasted talk with no times. It covers referrals fo' },
    {
      userId: leo!.id,
      transcript: 'A deleted chat about churn.',
      deletedAt: new Date('2026-01-03T00:00:00Z'),
    },
  ];
  for (const values of chatValues) {
    const chat = { id: await insertOldRow(db, chats, values), userId: values.userId };
    for (const message of [
      {
        chatId: chat.id,
        userId: chat.userId,
        role: 'user',
        content: `Question on ${chat.id}`,
        createdAt: new Date('2026-01-02T10:00:01Z'),
      },
      {
        chatId: chat.id,
        userId: chat.userId,
        role: 'assistant',
        content: 'See [00:12] for loyalty.',
        status: 'partial',
        promptTokens: 300,
        completionTokens: 120,
        totalTokens: 420,
        createdAt: new Date('2026-01-02T10:00:02Z'),
      },
    ] as const) {
      await insertOldRow(db, chatMessages, message);
    }
  }
}

const snapshot = async () => ({
  chats: await db.select(chatColumns).from(chats).orderBy(asc(chats.id)),
  messages: await db.select(messageColumns).from(chatMessages).orderBy(asc(chatMessages.id)),
});

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await migrateBefore(database, SOURCES_MIGRATION);
  await seedOldData();
  before = await snapshot();
  await migrateDatabase(database);
  await indexPendingVideos(db, pino({ level: 'silent' }));
});
afterAll(() => database.close());

describe('migrating chats to consultations with sources', () => {
  it('keeps every chat and every message as it was', async () => {
    expect(await snapshot()).toEqual(before);
  });

  it('makes each chat, deleted ones included, a consultation whose source 1 is its own video', async () => {
    for (const chat of before.chats as (typeof chats.$inferSelect)[]) {
      const sources = await db
        .select()
        .from(chatSources)
        .innerJoin(libraryVideos, eq(libraryVideos.id, chatSources.libraryVideoId))
        .where(eq(chatSources.chatId, chat.id));
      expect(sources).toHaveLength(1);
      const [{ chat_sources: source, library_videos: video }] = sources as [(typeof sources)[number]];
      expect(source).toMatchObject({ number: 1, createdAt: chat.createdAt, removedAt: null });
      expect(video).toMatchObject({
        userId: chat.userId,
        youtubeUrl: chat.youtubeUrl,
        videoId: chat.videoId,
        transcript: chat.transcript,
        segments: chat.transcriptSegments,
        createdAt: chat.createdAt,
      });
      expect(video.indexedAt).not.toBeNull();
    }
  });

  it('titles a video as YouTube titled it, not as its chat was renamed, and measures it', async () => {
    const [video] = await db.select().from(libraryVideos).where(eq(libraryVideos.videoId, VIDEO_ID));
    expect(video!.title).toBe('Pricing a bakery subscription');
    expect(video!.durationSeconds).toBe(102.5);
    expect(video!.wordCount).toBe(23);
  });

  it("indexes every video's passages with their start times, as new videos are indexed", async () => {
    for (const video of await db.select().from(libraryVideos)) {
      const passages = await db
        .select({ start: videoPassages.startSeconds, text: videoPassages.text })
        .from(videoPassages)
        .where(eq(videoPassages.libraryVideoId, video.id))
        .orderBy(asc(videoPassages.position));
      const expected = passagesOf(video.transcript, video.segments);
      expect(passages).toEqual(expected.map((p) => ({ start: p.start, text: p.text })));
    }
  });

  it('finds the migrated passages by full-text search', async () => {
    const [chat] = await db.select().from(chats).where(eq(chats.videoId, VIDEO_ID));
    const found = await passagesForChat(db, chat!.id, 'How do loyalty cards work?', 10_000);
    expect(found.filter((p) => p.matched).map((p) => p.startSeconds)).toEqual([0]);
  });

  it('indexes nothing twice when the server starts again', async () => {
    const count = async () => (await db.select().from(videoPassages)).length;
    const indexed = await count();
    await indexPendingVideos(db, pino({ level: 'silent' }));
    expect(await count()).toBe(indexed);
  });
});
