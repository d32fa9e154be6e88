import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { weeklyMailMoment, weekOf } from '../../shared/suggestions';
import type { Database } from '../db/client';
import { suggestionPicks, suggestionPreferences } from '../db/schema';
import { pickColumns } from '../features/suggestions/suggestions.queries';
import { FAKE_API_KEY, startFakeYouTubeApi } from './fake-youtube-api';
import { startYouTubeFixture } from './youtube-fixture';

/** A random, valid YouTube video id (11 characters). */
export function randomVideoId(): string {
  return randomBytes(8).toString('base64url').slice(0, 11);
}

/** The first of the far-off weeks this process hands out: random, so processes rarely share one. */
const FIRST_FAR_WEEK = 1_000 + Math.floor(Math.random() * 50_000);
let farWeeksHandedOut = 0;

/** A Monday far from now that no other call in this process has had, so tests never share a week. */
export function unusedWeek(): string {
  const weeks = FIRST_FAR_WEEK + farWeeksHandedOut++;
  return weekOf(new Date(Date.UTC(2100, 0, 4) + weeks * 7 * 86_400_000));
}

export type PickSeed = Partial<typeof suggestionPicks.$inferInsert>;

/** Inserts a pick straight into the catalogue (this week, a random video, unless told). */
export async function insertPick(db: Database, seed: PickSeed = {}) {
  const [pick] = await db
    .insert(suggestionPicks)
    .values({
      week: weekOf(),
      position: 0,
      videoId: randomVideoId(),
      title: 'A video worth a consultation',
      channel: 'Test Channel',
      note: 'Picked for the test',
      ...seed,
    })
    .returning(pickColumns);
  return pick!;
}

/** The unsubscribe secret of a user who turned the weekly e-mail on. */
export async function unsubscribeTokenOf(db: Database, userId: string): Promise<string> {
  const [row] = await db
    .select({ token: suggestionPreferences.unsubscribeToken })
    .from(suggestionPreferences)
    .where(eq(suggestionPreferences.userId, userId));
  if (!row?.token) throw new Error(`no unsubscribe token for ${userId}`);
  return row.token;
}

/** The Data API fake and YouTube's fixture, with the settings that point the app at both. */
export async function startYouTubeFakes() {
  const api = await startFakeYouTubeApi();
  const youtube = await startYouTubeFixture();
  return {
    api,
    youtube,
    env: { YOUTUBE_API_KEY: FAKE_API_KEY, YOUTUBE_API_URL: api.apiUrl, YOUTUBE_BASE_URL: youtube.baseURL },
    async close() {
      await api.close();
      await youtube.close();
    },
  };
}

export type YouTubeFakes = Awaited<ReturnType<typeof startYouTubeFakes>>;

/**
 * A time zone in which the weekly mail is due at `now` in the same week as in UTC: UTC, or Tokyo in the
 * eight hours of a UTC Monday before 08:00 (when it is already 09:00 or later there). For tests that
 * send at the real time.
 */
export function zoneWhereWeeklyMailIsDue(now = new Date()): string {
  return weeklyMailMoment(now, 'UTC').due ? 'UTC' : 'Asia/Tokyo';
}
