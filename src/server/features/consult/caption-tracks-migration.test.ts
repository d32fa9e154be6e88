import { asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTranscriptFetcher } from '../../adapters/transcripts';
import type { Database } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { libraryVideos, transcriptCache, users } from '../../db/schema';
import { insertOldRow, migrateBefore } from '../../testing/migrations';
import { openTestDatabase } from '../../testing/test-database';

/**
 * The cache of transcripts keyed by video alone, migrated to one row per video and track: each row is
 * kept under its track when it is known, and the videos read from YouTube take its language.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let db: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

const segments = (text: string) => [{ start: 0, duration: 4, text }];

async function cacheOldTranscript(videoId: string, language: string | null, kind: string | null) {
  await db.execute(
    sql`insert into transcript_cache (video_id, title, language, kind, source, segments)
        values (${videoId}, ${`Video ${videoId}`}, ${language}, ${kind}, 'watch-page', ${JSON.stringify(segments(videoId))}::jsonb)`,
  );
}

it('keeps every cached transcript under its track, and gives YouTube videos their language', async () => {
  await migrateBefore(database, '_caption-tracks');
  await insertOldRow(db, users, { id: 'user-maya', name: 'Maya', email: 'maya@example.com' });
  await cacheOldTranscript('spanishVid1', 'es-419', 'manual');
  await cacheOldTranscript('englishLib1', 'en', null);
  await cacheOldTranscript('swedishVid1', 'sv', 'auto');
  await cacheOldTranscript('unknownVid1', null, null);
  const video = (videoId: string | null, text: string) =>
    insertOldRow(db, libraryVideos, {
      userId: 'user-maya',
      videoId,
      transcript: text,
      segments: segments(text),
    });
  const fromYouTube = await video('spanishVid1', 'spanishVid1');
  const pastedWithLink = await video('spanishVid1', 'A pasted talk on pricing.');
  const fromLibrary = await video('englishLib1', 'englishLib1');
  const swedish = await video('swedishVid1', 'swedishVid1');
  const pasted = await video(null, 'Another pasted talk.');

  await migrateDatabase(database);

  const cached = await db
    .select({
      videoId: transcriptCache.videoId,
      trackId: transcriptCache.trackId,
      language: transcriptCache.language,
    })
    .from(transcriptCache)
    .orderBy(asc(transcriptCache.videoId));
  expect(cached).toEqual([
    { videoId: 'englishLib1', trackId: '', language: 'en' },
    { videoId: 'spanishVid1', trackId: '.es-419', language: 'es-419' },
    { videoId: 'swedishVid1', trackId: 'a.sv', language: 'sv' },
    { videoId: 'unknownVid1', trackId: '', language: null },
  ]);
  const languageOf = async (id: string) =>
    (
      await db
        .select({ language: libraryVideos.language })
        .from(libraryVideos)
        .where(eq(libraryVideos.id, id))
    )[0]!.language;
  expect(await languageOf(fromYouTube)).toBe('es');
  expect(await languageOf(fromLibrary)).toBe('en');
  expect(await languageOf(pastedWithLink)).toBeNull();
  expect(await languageOf(swedish)).toBeNull();
  expect(await languageOf(pasted)).toBeNull();

  // The migrated rows serve their tracks with no outside request (no source is given to ask).
  const fetcher = createTranscriptFetcher({ db, sources: [], logger: pino({ enabled: false }) });
  expect(await fetcher.fetchTranscript('spanishVid1', '.es-419')).toMatchObject({
    ok: true,
    transcript: { source: 'cache', language: 'es-419', kind: 'manual', segments: segments('spanishVid1') },
  });
  expect(await fetcher.fetchTranscript('englishLib1')).toMatchObject({
    ok: true,
    transcript: { source: 'cache' },
  });
  expect(await fetcher.fetchTranscript('spanishVid1')).toMatchObject({ ok: false, kind: 'blocked' });
});
