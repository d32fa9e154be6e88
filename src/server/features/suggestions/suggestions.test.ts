import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addWeeks, weekOf } from '../../../shared/suggestions';
import {
  chats,
  suggestionPicks,
  suggestionPreferences,
  transcriptCache,
  users,
  weeklyEmailSends,
  youtubeSearchCounts,
} from '../../db/schema';
import { SAMPLE_PROFILE } from '../../testing/fixtures';
import { insertChat } from '../../testing/library-fixtures';
import { insertPick, randomVideoId, unsubscribeTokenOf } from '../../testing/suggestions';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await t.createOnboardedUser();
});
afterAll(() => t.close());

const thisWeek = () => weekOf(new Date());
const DAY = 86_400_000;

async function page(client = user.client) {
  return client.json('/api/suggestions');
}

describe('this week’s picks', () => {
  beforeEach(async () => {
    await t.db.delete(suggestionPicks);
  });

  it('shows the current week’s picks in the team’s order, each with why it was picked', async () => {
    const later = await insertPick(t.db, { position: 1, title: 'Second', note: 'Great on churn' });
    const first = await insertPick(t.db, {
      position: 0,
      title: 'Pricing a premium tier',
      channel: 'Bakery Business School',
      durationSeconds: 725,
      publishedOn: '2026-04-30',
      thumbnailUrl: 'https://i.ytimg.com/vi/x/mqdefault.jpg',
      tags: ['pricing'],
      note: 'The clearest take on premium tiers',
    });
    await insertPick(t.db, { week: addWeeks(thisWeek(), 1), title: 'Next week: not yet' });
    const body = await page();
    expect(body.currentWeek).toBe(thisWeek());
    expect(body.picksWeek).toBe(thisWeek());
    expect(body.picks.map((p: { title: string }) => p.title)).toEqual(['Pricing a premium tier', 'Second']);
    expect(body.picks[0]).toEqual({
      videoId: first.videoId,
      url: `https://www.youtube.com/watch?v=${first.videoId}`,
      title: 'Pricing a premium tier',
      channel: 'Bakery Business School',
      durationSeconds: 725,
      publishedOn: '2026-04-30',
      thumbnailUrl: 'https://i.ytimg.com/vi/x/mqdefault.jpg',
      viewCount: null,
      note: 'The clearest take on premium tiers',
      tags: ['pricing'],
      matchedKeywords: [],
      consulted: false,
    });
    expect(body.picks[1].videoId).toBe(later.videoId);
  });

  it('shows the newest earlier week’s picks when this week has none', async () => {
    await insertPick(t.db, { week: addWeeks(thisWeek(), -3), title: 'Three weeks ago' });
    await insertPick(t.db, { week: addWeeks(thisWeek(), -1), title: 'Last week' });
    const body = await page();
    expect(body.picksWeek).toBe(addWeeks(thisWeek(), -1));
    expect(body.picks.map((p: { title: string }) => p.title)).toEqual(['Last week']);
  });

  it('is empty, not an error, when the team has picked nothing yet', async () => {
    const body = await page();
    expect(body.picks).toEqual([]);
    expect(body.picksWeek).toBe(thisWeek());
  });

  it('marks the keywords a pick matches and the picks the user has consulted', async () => {
    const bread = await insertPick(t.db, {
      title: 'Sourdough bread that sells out',
      tags: ['Customer acquisition'],
      note: 'Subscriptions for bakeries',
    });
    const other = await insertPick(t.db, { title: 'Hiring your first engineer', note: 'Teams' });
    await insertChat(t, user.id, { videoId: bread.videoId });
    const body = await page();
    const card = (id: string) => body.picks.find((p: { videoId: string }) => p.videoId === id);
    // Stemmed: 'Customer acquisition costs' needs all three words; 'Sourdough bread' matches the title.
    expect(card(bread.videoId).matchedKeywords).toEqual(['Sourdough bread']);
    expect(card(bread.videoId).consulted).toBe(true);
    expect(card(other.videoId)).toMatchObject({ matchedKeywords: [], consulted: false });
  });

  it('does not count a deleted chat, nor another user’s, as consulted', async () => {
    const pick = await insertPick(t.db);
    const someone = await t.createOnboardedUser();
    await insertChat(t, someone.id, { videoId: pick.videoId });
    await insertChat(t, user.id, { videoId: pick.videoId, deletedAt: new Date() });
    expect((await page()).picks[0].consulted).toBe(false);
    expect((await page(someone.client)).picks[0].consulted).toBe(true);
  });
});

describe('keywords', () => {
  it('start from the business profile, until the user saves their own', async () => {
    const fresh = await t.createOnboardedUser();
    const first = await page(fresh.client);
    expect(first.keywordsFromProfile).toBe(true);
    expect(first.keywords).toContain(SAMPLE_PROFILE.industry);
    expect(first.keywords).toContain('Sourdough bread');

    const saved = await fresh.client.json('/api/suggestions/keywords', {
      method: 'PUT',
      json: { keywords: ['  Sourdough bread ', 'sourdough BREAD', 'Cafe wholesale'] },
    });
    expect(saved).toEqual({ keywords: ['Sourdough bread', 'Cafe wholesale'], keywordsFromProfile: false });
    expect(await page(fresh.client)).toMatchObject({
      keywords: ['Sourdough bread', 'Cafe wholesale'],
      keywordsFromProfile: false,
    });

    // Removing every chip is a choice too: no keywords, not the profile's again.
    await fresh.client.json('/api/suggestions/keywords', { method: 'PUT', json: { keywords: [] } });
    expect(await page(fresh.client)).toMatchObject({ keywords: [], keywordsFromProfile: false });
  });

  it('refuses more than 10, one over 60 characters or a blank one, and keeps what was saved', async () => {
    const fresh = await t.createOnboardedUser();
    await fresh.client.json('/api/suggestions/keywords', { method: 'PUT', json: { keywords: ['kept'] } });
    const refused = [
      [{ keywords: Array.from({ length: 11 }, (_, i) => `topic ${i}`) }, 'You can keep up to 10 keywords'],
      [{ keywords: ['x'.repeat(61)] }, 'Keywords can be up to 60 characters'],
      [{ keywords: ['   '] }, 'A keyword cannot be empty'],
      [{ keywords: 'pricing' }, undefined],
      [{ keywords: ['a\u0000b'] }, 'Text cannot contain the NUL character (U+0000)'],
    ] as const;
    for (const [json, message] of refused) {
      const response = await fresh.client.put('/api/suggestions/keywords', json);
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error.code).toBe('invalid_input');
      if (message) expect(error.message).toContain(message);
    }
    expect((await page(fresh.client)).keywords).toEqual(['kept']);
    // Eleven with a duplicate are ten.
    const ten = Array.from({ length: 10 }, (_, i) => `topic ${i}`);
    const saved = await fresh.client.json('/api/suggestions/keywords', {
      method: 'PUT',
      json: { keywords: [...ten, 'TOPIC 4'] },
    });
    expect(saved.keywords).toEqual(ten);
  });
});

describe('the pages are for users past the onboarding gates', () => {
  it('answers 401 signed out, 403 with the profile still to complete', async () => {
    for (const path of ['/api/suggestions', '/api/suggestions/trending', '/api/suggestions/search']) {
      expect((await t.client().get(path)).status).toBe(401);
    }
    const newcomer = await t.createUser();
    const response = await newcomer.client.get('/api/suggestions');
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('profile_required');
  });
});

describe('trending without a YouTube key: the site’s most consulted videos this week', () => {
  /** Six verified accounts opened 8 days ago: each counts towards trending. */
  let consulters: TestUser[];
  beforeAll(async () => {
    consulters = await Promise.all([1, 2, 3, 4, 5, 6].map(() => t.createOnboardedUser()));
    await ageAccounts(consulters, 8);
  });

  async function ageAccounts(who: TestUser[], days: number) {
    const ids = who.map((person) => person.id);
    await t.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - days * DAY) })
      .where(inArray(users.id, ids));
  }

  async function consult(
    who: TestUser[],
    videoId: string,
    values: { createdAt?: Date; deletedAt?: Date } = {},
  ) {
    for (const person of who)
      await insertChat(t, person.id, { videoId, title: `Chat of ${person.email}`, ...values });
  }

  const trendingIds = async () =>
    (await user.client.json('/api/suggestions/trending')).videos.map((v: { videoId: string }) => v.videoId);

  it('counts videos consulted by at least 5 different users in the last 7 days, and says nothing of who', async () => {
    await t.db.delete(chats).where(sql`${chats.videoId} is not null`);
    const [a, b, c, d, e, f] = consulters as [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
    const popular = randomVideoId();
    const five = randomVideoId();
    const fourUsers = randomVideoId();
    const stale = randomVideoId();
    const deleted = randomVideoId();
    await consult([a, b, c, d, e, f], popular);
    await consult([a, b, c, d, e], five);
    await consult([a, a, a, b, c, d], fourUsers);
    await consult([a, b, c, d], stale);
    await consult([e], stale, { createdAt: new Date(Date.now() - 8 * DAY) });
    await consult([a, b, c, d], deleted);
    await consult([e], deleted, { deletedAt: new Date() });
    await t.db
      .insert(transcriptCache)
      .values({ videoId: popular, title: 'Pricing for bakeries', source: 'watch-page', segments: [] });
    const pick = await insertPick(t.db, {
      videoId: five,
      week: addWeeks(thisWeek(), -2),
      title: 'Churn, fixed',
    });

    const response = await user.client.get('/api/suggestions/trending');
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body.source).toBe('site');
    expect(body.notice).toBeNull();
    expect(body.videos.map((v: { videoId: string }) => v.videoId)).toEqual([popular, five]);
    expect(body.videos[0]).toMatchObject({
      title: 'Pricing for bakeries',
      thumbnailUrl: `https://i.ytimg.com/vi/${popular}/hqdefault.jpg`,
      consulted: false,
    });
    expect(body.videos[1]).toMatchObject({ title: 'Churn, fixed', note: pick.note });
    for (const person of consulters) {
      expect(text).not.toContain(person.id);
      expect(text).not.toContain(person.email);
    }
    // A consulter sees the badge on what they consulted.
    const mine = await a.client.json('/api/suggestions/trending');
    expect(mine.videos.every((v: { consulted: boolean }) => v.consulted)).toBe(true);
  });

  it('counts no account younger than 7 days or with an unconfirmed address: a few own accounts prove nothing', async () => {
    await t.db.delete(chats).where(sql`${chats.videoId} is not null`);
    const [a, b, c, d] = consulters as [TestUser, TestUser, TestUser, TestUser];
    // Someone with four old accounts of their own, and a fifth opened this week, or never confirmed.
    const fresh = await t.createOnboardedUser();
    await ageAccounts([fresh], 6);
    const unconfirmed = await t.createOnboardedUser();
    await ageAccounts([unconfirmed], 30);
    await t.db.update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.id));
    const probed = randomVideoId();
    await consult([a, b, c, d, fresh, unconfirmed], probed);
    expect(await trendingIds()).toEqual([]);

    // Once the fifth account has been a confirmed one for over 7 days, the video counts.
    await ageAccounts([fresh], 8);
    expect(await trendingIds()).toEqual([probed]);
  });
});

describe('keyword search without a YouTube key: the picks catalogue', () => {
  it('finds picks of any week by title, channel, tags or note, each video once, best match first', async () => {
    await t.db.delete(suggestionPicks);
    const searcher = await t.createOnboardedUser();
    await searcher.client.json('/api/suggestions/keywords', {
      method: 'PUT',
      json: { keywords: ['pastries', 'wholesale cafes', 'podcast'] },
    });
    const both = await insertPick(t.db, {
      title: 'Selling pastries',
      tags: ['Wholesale'],
      note: 'For cafes and restaurants',
      week: addWeeks(thisWeek(), -5),
    });
    await insertPick(t.db, { videoId: both.videoId, title: 'Selling pastries, again', note: 'Still great' });
    const byChannel = await insertPick(t.db, {
      title: 'Episode 12',
      channel: 'The Podcast Shop',
      week: addWeeks(thisWeek(), -1),
    });
    await insertPick(t.db, { title: 'Nothing related', note: 'Hiring' });
    const body = await searcher.client.json('/api/suggestions/search');
    expect(body.source).toBe('catalogue');
    expect(body.videos.map((v: { videoId: string }) => v.videoId)).toEqual([both.videoId, byChannel.videoId]);
    expect(body.videos[0]).toMatchObject({ title: 'Selling pastries, again', matchedKeywords: ['pastries'] });
    expect(body.videos[1].matchedKeywords).toEqual(['podcast']);
    // The newest pick of a video is the one shown (its older pick matched two keywords).
    await searcher.client.json('/api/suggestions/keywords', { method: 'PUT', json: { keywords: [] } });
    expect((await searcher.client.json('/api/suggestions/search')).videos).toEqual([]);
  });
});

describe('the weekly e-mail setting and its one-click unsubscribe', () => {
  it('is off until turned on, and the unsubscribe link turns it off without signing in', async () => {
    const reader = await t.createOnboardedUser();
    expect(await reader.client.json('/api/suggestions/email')).toEqual({ weeklyEmail: false });
    expect(
      await reader.client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } }),
    ).toEqual({ weeklyEmail: true });
    const token = await unsubscribeTokenOf(t.db, reader.id);

    const anonymous = t.client();
    const response = await anonymous.post(`/api/suggestions/unsubscribe?token=${token}`);
    expect(response.status).toBe(200);
    expect(await reader.client.json('/api/suggestions/email')).toEqual({ weeklyEmail: false });
    // Clicking again still works; the secret stays the same when the e-mail is turned on again.
    expect((await anonymous.post(`/api/suggestions/unsubscribe?token=${token}`)).status).toBe(200);
    await reader.client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
    expect(await unsubscribeTokenOf(t.db, reader.id)).toBe(token);
  });

  it('answers a link that is not ours with 404, and a malformed one with 400', async () => {
    const unknown = await t.client().post(`/api/suggestions/unsubscribe?token=${'a'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error.message).toBe(
      'This unsubscribe link is not valid. Sign in to change your e-mail settings.',
    );
    expect((await t.client().post('/api/suggestions/unsubscribe?token=x')).status).toBe(400);
    expect((await t.client().post('/api/suggestions/unsubscribe')).status).toBe(400);
  });

  it('refuses a setting that is not true or false', async () => {
    const response = await user.client.put('/api/suggestions/email', { weeklyEmail: 'yes' });
    expect(response.status).toBe(400);
  });
});

describe('deleting the account', () => {
  it('erases the user’s keywords, e-mail setting, weekly e-mail records and search count', async () => {
    const leaving = await t.createOnboardedUser();
    await leaving.client.json('/api/suggestions/keywords', {
      method: 'PUT',
      json: { keywords: ['secret plan'] },
    });
    await leaving.client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
    await t.db.insert(weeklyEmailSends).values({ userId: leaving.id, week: thisWeek() });
    await t.db.insert(youtubeSearchCounts).values({ userId: leaving.id, day: thisWeek(), searches: 3 });
    await leaving.client.json('/api/account', { method: 'DELETE', json: { password: leaving.password } });
    const left = await t.db
      .select()
      .from(suggestionPreferences)
      .where(eq(suggestionPreferences.userId, leaving.id));
    const sends = await t.db.select().from(weeklyEmailSends).where(eq(weeklyEmailSends.userId, leaving.id));
    const counts = await t.db
      .select()
      .from(youtubeSearchCounts)
      .where(eq(youtubeSearchCounts.userId, leaving.id));
    expect([left, sends, counts]).toEqual([[], [], []]);
  });
});
