import { eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../db/migrate';
import { libraryVideos, users, videoPassages } from '../../db/schema';
import { capturedLog } from '../../testing/captured-log';
import { createTestApp } from '../../testing/test-app';
import { openTestDatabase } from '../../testing/test-database';
import { INDEX_MIGRATED_VIDEOS_JOB } from './sources.service';

/** Videos migrated from before sources existed are indexed by a job on the queue (decisions 038, 045). */
describe('indexing migrated videos', () => {
  it('runs as a job while the server serves, and skips a video it cannot cut, logging it', async () => {
    const database = await openTestDatabase();
    await migrateDatabase(database);
    await database.db.insert(users).values({ id: 'user-owner', name: 'Owner', email: 'owner@example.com' });
    const pending = (transcript: string, segments: unknown) => ({
      userId: 'user-owner',
      transcript,
      segments: segments as never,
      indexedAt: null,
    });
    const [timed, broken, untimed] = await database.db
      .insert(libraryVideos)
      .values([
        pending('Loyalty cards bring customers back.', [
          { start: 0, duration: 5, text: 'Loyalty cards bring customers back.' },
        ]),
        // A segment without its text: the transcript cannot be cut into passages.
        pending('A broken video.', [{ start: 0, duration: 5 }]),
        pending('A pasted talk with no times. It covers referrals.', null),
      ])
      .returning({ id: libraryVideos.id });
    const log = capturedLog();
    const t = await createTestApp({ LOG_LEVEL: 'info' }, { database, logTo: log.stream });
    try {
      const unindexed = () =>
        t.db.select({ id: libraryVideos.id }).from(libraryVideos).where(isNull(libraryVideos.indexedAt));
      expect(await unindexed()).toHaveLength(3);
      const user = await t.createOnboardedUser();
      expect((await user.client.get('/api/chats')).status).toBe(200);

      await t.deps.jobs.send(INDEX_MIGRATED_VIDEOS_JOB);
      const indexing = t.deps.jobs.runQueued(INDEX_MIGRATED_VIDEOS_JOB);
      expect((await user.client.get('/api/chats')).status).toBe(200);
      expect(await indexing).toBe(1);

      expect(await unindexed()).toEqual([]);
      const passagesOf = async (video: { id: string } | undefined) =>
        (
          await t.db
            .select({ text: videoPassages.text })
            .from(videoPassages)
            .where(eq(videoPassages.libraryVideoId, video!.id))
        ).map((passage) => passage.text);
      expect(await passagesOf(timed)).toEqual(['Loyalty cards bring customers back.']);
      expect(await passagesOf(untimed)).toEqual(['A pasted talk with no times. It covers referrals.']);
      expect(await passagesOf(broken)).toEqual([]);
      const skipped = log.entries().filter((entry) => entry.libraryVideoId !== undefined);
      expect(skipped).toMatchObject([
        { libraryVideoId: broken!.id, msg: "could not index a video's passages: skipped" },
      ]);
      expect(log.entries()).toContainEqual(
        expect.objectContaining({ videos: 2, msg: 'indexed the passages of migrated videos' }),
      );
    } finally {
      await t.close();
    }
  });
});
