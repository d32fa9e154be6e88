import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { libraryVideos, users, videoPassages } from '../../db/schema';
import { createManualChat } from '../../testing/consult';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { INDEX_MIGRATED_VIDEOS_JOB, REINDEX_VIDEO_LANGUAGES_JOB, searchLibrary } from './sources.service';

/**
 * Videos indexed with English rules before their language was known are re-indexed in their language
 * by a job on the queue (decision 047), in place: nothing is lost and a second run changes nothing.
 */

const SPANISH = ['0:00', 'Cobramos más por las mañanas.', '0:30', 'Los clientes vuelven cada semana.'].join(
  '\n',
);
const UNKNOWN = 'Cobramos a flat fee for pastries.';
const budget = 100_000;

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.createOnboardedUser();
});
afterAll(() => t.close());

/** Every passage of the user's videos with its tsvector and its video's language and configuration. */
const stored = () =>
  t.db
    .select({
      language: libraryVideos.language,
      config: sql<string>`${libraryVideos.searchConfig}::text`,
      position: videoPassages.position,
      startSeconds: videoPassages.startSeconds,
      text: videoPassages.text,
      search: sql<string>`${videoPassages.search}::text`,
    })
    .from(videoPassages)
    .innerJoin(libraryVideos, eq(libraryVideos.id, videoPassages.libraryVideoId))
    .where(eq(libraryVideos.userId, user.id))
    .orderBy(asc(videoPassages.text));

/** How Spanish rules index `text`. */
async function spanishVector(text: string): Promise<string> {
  const [row] = await t.db
    .select({ search: sql<string>`to_tsvector('spanish', ${text}::text)::text` })
    .from(users)
    .where(eq(users.id, user.id));
  return row!.search;
}

const runReindex = async () => {
  await t.deps.jobs.send(REINDEX_VIDEO_LANGUAGES_JOB);
  return t.deps.jobs.runQueued(REINDEX_VIDEO_LANGUAGES_JOB);
};
const found = async (question: string) =>
  (await searchLibrary(t.db, user.id, question, budget)).map((passage) => passage.text);

describe('re-indexing videos in their language', () => {
  it("re-indexes a Spanish video's English passages with Spanish rules, in place, once", async () => {
    await createManualChat(user, SPANISH);
    await createManualChat(user, UNKNOWN);
    // As before languages: the language learnt later (migration 0016), the passages English-stemmed.
    await t.db.execute(sql`update library_videos set search_config = 'english',
      language = case when transcript like 'Cobramos a flat%' then null else 'es' end
      where user_id = ${user.id}`);
    await t.db.execute(sql`update video_passages set search = to_tsvector('english', text)
      where library_video_id in (select id from library_videos where user_id = ${user.id})`);
    const before = await stored();
    expect(before.map((passage) => [passage.language, passage.config])).toEqual([
      [null, 'english'],
      ['es', 'english'],
      ['es', 'english'],
    ]);
    // English rules keep 'cobramos' whole: a Spanish question on 'cobrar' misses it.
    expect(await found('¿Cuándo cobrar?')).toEqual([]);
    expect(await found('customers fee')).toEqual([UNKNOWN]);

    expect(await runReindex()).toBe(1);

    const after = await stored();
    expect(after.map(({ search: _, config: __, ...passage }) => passage)).toEqual(
      before.map(({ search: _, config: __, ...passage }) => passage),
    );
    const spanish = await spanishVector('Cobramos más por las mañanas.');
    expect(after.find((passage) => passage.text.startsWith('Cobramos más'))).toMatchObject({
      config: 'spanish',
      search: spanish,
    });
    // The video of unknown language keeps its English index, as it was indexed.
    expect(after[0]).toEqual(before[0]);
    expect(await found('¿Cuándo cobrar?')).toEqual(['Cobramos más por las mañanas.']);
    expect(await found('customers fee')).toEqual([UNKNOWN]);

    expect(await runReindex()).toBe(1);
    expect(await stored()).toEqual(after);
  });

  it('indexes a migrated video whose language is known with its language from the start', async () => {
    const [video] = await t.db
      .insert(libraryVideos)
      .values({
        userId: user.id,
        transcript: 'Las tarjetas de fidelidad funcionan.',
        language: 'es',
        indexedAt: null,
      })
      .returning({ id: libraryVideos.id });
    await t.deps.jobs.send(INDEX_MIGRATED_VIDEOS_JOB);
    expect(await t.deps.jobs.runQueued(INDEX_MIGRATED_VIDEOS_JOB)).toBe(1);
    const [indexed] = await t.db
      .select({
        config: sql<string>`${libraryVideos.searchConfig}::text`,
        search: sql<string>`${videoPassages.search}::text`,
      })
      .from(videoPassages)
      .innerJoin(libraryVideos, eq(libraryVideos.id, videoPassages.libraryVideoId))
      .where(eq(libraryVideos.id, video!.id));
    const spanish = await spanishVector('Las tarjetas de fidelidad funcionan.');
    expect(indexed).toEqual({ config: 'spanish', search: spanish });
  });
});
