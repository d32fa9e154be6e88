import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addWeeks, isoDay, weekOf } from '../../../shared/suggestions';
import { MAIL_RETRY_DELAY_SECONDS, MAIL_RETRY_JOB } from '../../adapters/mail';
import { channelVideos, outboxEmails, suggestionPicks, users, weeklyEmailSends } from '../../db/schema';
import { createLogger } from '../../logger';
import { insertChannel } from '../../testing/channels';
import { holdWeeklyClaims } from '../../testing/claim-barrier';
import { FAKE_API_KEY, type FakeYouTubeApi, startFakeYouTubeApi } from '../../testing/fake-youtube-api';
import { makeWaitingJobsDue, waitingJobs } from '../../testing/jobs';
import { insertChat } from '../../testing/library-fixtures';
import { insertPlanItem } from '../../testing/plan';
import { startSmtpServer } from '../../testing/smtp-server';
import { insertPick, randomVideoId, unusedWeek, zoneWhereWeeklyMailIsDue } from '../../testing/suggestions';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { openTestDatabase, secondConnection } from '../../testing/test-database';
import { CHECK_IN_EMAIL_KIND } from '../plan/check-in';
import { sendWeeklyEmails, WEEKLY_EMAIL_KIND } from './weekly-email';

/**
 * The Monday e-mail, through two app instances on one database (on PostgreSQL, two connection pools:
 * what two server processes are to the database), so "once per user and week" is shown where it matters.
 */

let first: TestApp;
let second: TestApp;
let databaseUrl: string | undefined;
beforeAll(async () => {
  const database = await openTestDatabase();
  databaseUrl = database.url;
  first = await createTestApp({}, { database });
  second = await createTestApp({}, { database: await secondConnection(database) });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

/**
 * Starts every run and, on PostgreSQL, holds them all at their first claim until each has read its
 * recipients: they overlap for certain. (PGlite serves one process on one connection: no overlap there.)
 */
async function atOnce<R>(apps: TestApp[], run: (app: TestApp) => Promise<R>): Promise<R[]> {
  const barrier = databaseUrl ? await holdWeeklyClaims(databaseUrl) : null;
  const runs = Promise.all(apps.map(run));
  await barrier?.whenWaiting(apps.length);
  await barrier?.release();
  return runs;
}

const mondayMorning = (week: string) => new Date(`${week}T08:00:00Z`);

/** A user with the weekly picks on, in `timeZone` (one where the mail is due now, unless told). */
async function subscriber(timeZone = zoneWhereWeeklyMailIsDue()): Promise<TestUser> {
  const user = await first.createOnboardedUser();
  await user.client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
  await user.client.json('/api/account/settings', { method: 'PATCH', json: { timeZone } });
  return user;
}

async function weeklyMailsTo(user: TestUser, app = first) {
  return (await app.mailsTo(user.email)).filter((mail) => mail.kind === WEEKLY_EMAIL_KIND);
}

describe('the weekly e-mail', () => {
  it('sends the week’s picks and the top trending videos to users who turned it on, and to no one else', async () => {
    const week = weekOf(new Date());
    await insertPick(first.db, {
      week,
      title: 'Pricing a premium tier',
      note: 'The clearest take',
      durationSeconds: 725,
    });
    const reader = await subscriber();
    const notSubscribed = await first.createOnboardedUser();
    const trending = randomVideoId();
    const others = await Promise.all([1, 2, 3].map(() => first.createOnboardedUser()));
    const consulters = [reader, notSubscribed, ...others];
    // Trending counts accounts older than 7 days (decision 044).
    await first.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 8 * 86_400_000) })
      .where(
        inArray(
          users.id,
          consulters.map((consulter) => consulter.id),
        ),
      );
    for (const consulter of consulters) await insertChat(first, consulter.id, { videoId: trending });
    await insertPick(first.db, { week: addWeeks(week, -4), videoId: trending, title: 'Churn, explained' });

    expect(await sendWeeklyEmails(first.deps, new Date())).toBe(1);
    const [mail] = await weeklyMailsTo(reader);
    expect(mail!.subject).toMatch(/^This week’s video picks: week of /);
    expect(mail!.text).toContain('Pricing a premium tier');
    expect(mail!.text).toContain('Why we picked it: The clearest take');
    expect(mail!.text).toContain('12:05');
    expect(mail!.text).toContain('TRENDING FOR YOUR BUSINESS');
    expect(mail!.text).toContain('Churn, explained');
    expect(mail!.text).toContain(
      `http://localhost:3000/consult?url=${encodeURIComponent('https://www.youtube.com/watch?v=')}`,
    );
    expect(mail!.html).toContain('Unsubscribe</a>');
    expect(await weeklyMailsTo(notSubscribed)).toEqual([]);
  });

  it('reaches each user once a week, even when two instances send at the same moment', async () => {
    const week = unusedWeek();
    await insertPick(first.db, { week });
    const readers = await Promise.all(Array.from({ length: 12 }, () => subscriber()));
    const sent = (
      await atOnce([first, second, first, second], (app) => sendWeeklyEmails(app.deps, mondayMorning(week)))
    ).reduce((total, n) => total + n, 0);
    const claims = await first.db.select().from(weeklyEmailSends).where(eq(weeklyEmailSends.week, week));
    expect(sent).toBe(claims.length);
    for (const reader of readers) expect(await weeklyMailsTo(reader)).toHaveLength(1);
    // Later checks the same week send nothing more.
    expect(await sendWeeklyEmails(second.deps, mondayMorning(week))).toBe(0);
  });

  it('sends nothing for a week without picks, nor trending, nor uploads', async () => {
    const reader = await subscriber();
    const week = unusedWeek();
    expect(await sendWeeklyEmails(first.deps, mondayMorning(week))).toBe(0);
    expect(await sendWeeklyEmails(first.deps, new Date(`${week}T21:00:00Z`))).toBe(0);
    expect(await weeklyMailsTo(reader)).toEqual([]);
    expect(await first.db.select().from(weeklyEmailSends).where(eq(weeklyEmailSends.week, week))).toEqual([]);
  });

  it('carries a one-click unsubscribe link that works without signing in', async () => {
    const reader = await subscriber();
    const week = unusedWeek();
    await insertPick(first.db, { week });
    await sendWeeklyEmails(first.deps, mondayMorning(week));
    const [mail] = await weeklyMailsTo(reader);
    const link = mail!.text.match(/http:\/\/localhost:3000\/suggestions\/unsubscribe\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    const token = new URL(link!).searchParams.get('token');
    const response = await first.client().post(`/api/suggestions/unsubscribe?token=${token}`);
    expect(response.status).toBe(200);

    const nextWeek = addWeeks(week, 1);
    await insertPick(first.db, { week: nextWeek });
    await sendWeeklyEmails(first.deps, mondayMorning(nextWeek));
    expect(await weeklyMailsTo(reader)).toHaveLength(1);
  });

  it('leaves banned users out until their ban ends', async () => {
    const week = unusedWeek();
    await insertPick(first.db, { week });
    const now = mondayMorning(week);
    const banned = await subscriber();
    const bannedUntilTomorrow = await subscriber();
    const banEnded = await subscriber();
    const reader = await subscriber();
    const ban = (user: TestUser, banExpires: Date | null) =>
      first.db.update(users).set({ banned: true, banExpires }).where(eq(users.id, user.id));
    await ban(banned, null);
    await ban(bannedUntilTomorrow, new Date(now.getTime() + 86_400_000));
    await ban(banEnded, new Date(now.getTime() - 86_400_000));

    await sendWeeklyEmails(first.deps, now);
    expect(await weeklyMailsTo(banned)).toEqual([]);
    expect(await weeklyMailsTo(bannedUntilTomorrow)).toEqual([]);
    expect(await weeklyMailsTo(banEnded)).toHaveLength(1);
    expect(await weeklyMailsTo(reader)).toHaveLength(1);
  });

  it('retries a mail the mail server refused, with backoff, and delivers it once', async () => {
    const smtp = await startSmtpServer();
    const app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const reader = await app.createOnboardedUser();
      await reader.client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
      const week = unusedWeek();
      await insertPick(app.db, { week });
      smtp.refuse(true);
      const before = Date.now();
      expect(await sendWeeklyEmails(app.deps, mondayMorning(week))).toBe(0);
      const mails = async () =>
        (await app.mailsTo(reader.email)).filter((mail) => mail.kind === WEEKLY_EMAIL_KIND);
      expect((await mails()).map((mail) => mail.status)).toEqual(['failed']);
      // The claim stays: a later run sends nothing new, the queued retry delivers the mail recorded.
      expect(await sendWeeklyEmails(app.deps, mondayMorning(week))).toBe(0);
      expect(await mails()).toHaveLength(1);
      const [retry] = await waitingJobs(app.db, MAIL_RETRY_JOB);
      expect(retry!.startAfter.getTime()).toBeGreaterThanOrEqual(before + MAIL_RETRY_DELAY_SECONDS * 1000);
      expect(await app.deps.jobs.runQueued(MAIL_RETRY_JOB)).toBe(0);

      // Still refused when the retry is due: tried again later, and later again (backoff).
      await makeWaitingJobsDue(app.db, MAIL_RETRY_JOB);
      expect(await app.deps.jobs.runQueued(MAIL_RETRY_JOB)).toBe(1);
      const [secondRetry] = await waitingJobs(app.db, MAIL_RETRY_JOB);
      expect(secondRetry!.state).toBe('retry');
      // pg-boss waits retryDelay × 2^retries × (½ to 1): at least half the first delay.
      const ranAt = Date.now();
      expect(secondRetry!.startAfter.getTime()).toBeGreaterThanOrEqual(
        ranAt + (MAIL_RETRY_DELAY_SECONDS / 2) * 1000 - 1000,
      );
      expect((await mails()).map((mail) => mail.status)).toEqual(['failed']);

      smtp.refuse(false);
      await makeWaitingJobsDue(app.db, MAIL_RETRY_JOB);
      expect(await app.deps.jobs.runQueued(MAIL_RETRY_JOB)).toBe(1);
      expect((await mails()).map((mail) => mail.status)).toEqual(['sent']);
      expect(await waitingJobs(app.db, MAIL_RETRY_JOB)).toEqual([]);
      // Delivered once: a retry of the same mail finds nothing to do.
      expect(await app.deps.mailer.redeliver((await mails())[0]!.id)).toBe('nothing to do');
      expect(await sendWeeklyEmails(app.deps, mondayMorning(week))).toBe(0);
      const weekly = await smtp.mailTo(reader.email, 'turned on weekly video suggestions');
      expect(weekly.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const weeklies = smtp.received.filter((mail) =>
        mail.text.includes('turned on weekly video suggestions'),
      );
      expect(weeklies).toHaveLength(1);
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});

describe('a sender that dies mid-send', () => {
  it('leaves its claimed mail in the outbox, delivered once by the sweep when its lease has run out', async () => {
    const stuck = await startSmtpServer({ holding: true });
    const working = await startSmtpServer();
    const database = await openTestDatabase();
    const dying = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${stuck.port}` }, { database });
    const survivor = await createTestApp(
      { SMTP_URL: `smtp://127.0.0.1:${working.port}` },
      { database: await secondConnection(database) },
    );
    try {
      const reader = await survivor.createOnboardedUser();
      await reader.client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
      const week = unusedWeek();
      await insertPick(survivor.db, { week });
      const dyingRun = sendWeeklyEmails(dying.deps, mondayMorning(week));
      await stuck.holdingOne;
      // From here the first sender is as good as dead: its mail is claimed and recorded, not delivered.
      const mails = async () => weeklyMailsTo(reader, survivor);
      const [mail] = await mails();
      expect(mail!.status).toBe('pending');
      expect(await sendWeeklyEmails(survivor.deps, mondayMorning(week))).toBe(0);
      const sweep = async () => {
        await survivor.deps.jobs.send(MAIL_RETRY_JOB, {});
        expect(await survivor.deps.jobs.runQueued(MAIL_RETRY_JOB)).toBe(1);
      };
      // While its lease lasts, the sender may still be at work: the sweep leaves its mail alone.
      await sweep();
      expect((await mails()).map((m) => m.status)).toEqual(['pending']);

      // The lease runs out (30 minutes pass): the mail-retry job's sweep delivers it.
      await survivor.db
        .update(outboxEmails)
        .set({ leaseUntil: new Date(Date.now() - 1000) })
        .where(eq(outboxEmails.id, mail!.id));
      await sweep();
      expect((await mails()).map((m) => m.status)).toEqual(['sent']);
      await working.mailTo(reader.email, 'turned on weekly video suggestions');
      await sweep();

      // The first sender, had it lived on, fails late: the mail stays delivered, and its retry finds
      // nothing to do. One mail, one claim.
      await stuck.failHeld();
      expect(await dyingRun).toBe(0);
      await makeWaitingJobsDue(survivor.db, MAIL_RETRY_JOB);
      await survivor.deps.jobs.runQueued(MAIL_RETRY_JOB);
      expect((await mails()).map((m) => m.status)).toEqual(['sent']);
      const weeklies = working.received.filter(
        (m) => m.to.includes(reader.email) && m.text.includes('turned on weekly video suggestions'),
      );
      expect(weeklies).toHaveLength(1);
      expect(stuck.received).toHaveLength(0);
      const claims = await survivor.db
        .select()
        .from(weeklyEmailSends)
        .where(and(eq(weeklyEmailSends.userId, reader.id), eq(weeklyEmailSends.week, week)));
      expect(claims).toHaveLength(1);
    } finally {
      await survivor.close();
      await dying.close();
      await stuck.close();
      await working.close();
    }
  });
});

describe('new from your channels, in the weekly e-mail', () => {
  /** A channel the user follows, with uploads of `daysAgo` (titles as given). */
  async function followedChannelWith(user: TestUser, uploads: { title: string; daysAgo: number }[]) {
    const channelId = await insertChannel(first.db, [user.id]);
    await first.db.insert(channelVideos).values(
      uploads.map((upload) => ({
        channelId,
        videoId: randomVideoId(),
        title: upload.title,
        publishedAt: new Date(Date.now() - upload.daysAgo * 86_400_000),
      })),
    );
  }

  it('puts the plan first, then the 5 best matches of the week’s uploads, then the picks and trending', async () => {
    const reader = await subscriber();
    await reader.client.json('/api/suggestions/keywords', {
      method: 'PUT',
      json: { keywords: ['pricing', 'hiring'] },
    });
    await followedChannelWith(reader, [
      { title: 'Vlog: a day at the market', daysAgo: 1 },
      { title: 'Pricing and hiring for a second shop', daysAgo: 6 },
      { title: 'Hiring seasonal staff', daysAgo: 5 },
      { title: 'Pricing pastries', daysAgo: 4 },
      { title: 'Pricing a catering menu', daysAgo: 3 },
      { title: 'Behind the scenes', daysAgo: 2 },
      { title: 'Pricing from last month', daysAgo: 20 },
    ]);
    await insertPlanItem(first.db, reader.id, { title: 'Call the flour mill', dueDate: isoDay(new Date()) });
    await reader.client.json('/api/plan/check-in', { method: 'PUT', json: { enabled: true } });
    await insertPick(first.db, { week: weekOf(new Date()), title: 'A pick of the week' });

    await sendWeeklyEmails(first.deps, new Date());
    const [mail] = await weeklyMailsTo(reader);
    const text = mail!.text;
    const places = ['Call the flour mill', 'NEW FROM YOUR CHANNELS', 'THIS WEEK’S PICKS', 'TRENDING'].map(
      (part) => text.indexOf(part),
    );
    expect(places[0]).toBeGreaterThanOrEqual(0);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    const channelPart = text.slice(text.indexOf('NEW FROM YOUR CHANNELS'), text.indexOf('THIS WEEK’S PICKS'));
    // Both keywords first, then one each (newest first), then the best of the rest; last month's is out.
    const shown = [
      'Pricing and hiring for a second shop',
      'Pricing a catering menu',
      'Pricing pastries',
      'Hiring seasonal staff',
      'Vlog: a day at the market',
    ].map((title) => channelPart.indexOf(title));
    expect(shown.every((place) => place >= 0)).toBe(true);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(channelPart).toContain('Matches: pricing, hiring');
    expect(channelPart).not.toContain('Behind the scenes');
    expect(channelPart).not.toContain('Pricing from last month');
  });

  it('sends the channels’ part alone in a week without picks, and nothing to whom they uploaded nothing that week', async () => {
    const monday = mondayMorning(unusedWeek());
    const daysBefore = (days: number) => new Date(monday.getTime() - days * 86_400_000);
    const [reader, quiet] = [await subscriber(), await subscriber()];
    const fresh = await insertChannel(first.db, [reader.id]);
    const stale = await insertChannel(first.db, [quiet.id]);
    await first.db.insert(channelVideos).values([
      { channelId: fresh, videoId: randomVideoId(), title: 'Fresh upload', publishedAt: daysBefore(1) },
      { channelId: stale, videoId: randomVideoId(), title: 'Stale upload', publishedAt: daysBefore(20) },
    ]);

    // Sent once the wait for the week's picks is over (20:00 on the user's Monday).
    await sendWeeklyEmails(first.deps, new Date(monday.getTime() + 12 * 3_600_000));
    const [mail] = await weeklyMailsTo(reader);
    expect(mail!.subject).toMatch(/^New from your channels: week of /);
    expect(mail!.text).toContain('Fresh upload');
    expect(mail!.text).not.toContain('THIS WEEK’S PICKS');
    expect(await weeklyMailsTo(quiet)).toEqual([]);
  });
});

describe('when the site’s trending query fails', () => {
  let api: FakeYouTubeApi;
  let app: TestApp;
  beforeAll(async () => {
    api = await startFakeYouTubeApi();
    app = await createTestApp({ YOUTUBE_API_KEY: FAKE_API_KEY, YOUTUBE_API_URL: api.apiUrl });
  });
  afterAll(async () => {
    await app.close();
    await api.close();
  });

  async function subscriberWith(keywords: string[]) {
    const user = await app.createOnboardedUser();
    await user.client.json('/api/account/settings', {
      method: 'PATCH',
      json: { timeZone: zoneWhereWeeklyMailIsDue() },
    });
    await user.client.json('/api/suggestions/keywords', { method: 'PUT', json: { keywords } });
    await user.client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
    return user;
  }

  /** The app's logger, writing its warnings here. */
  function capturedLogs() {
    const lines: { msg: string; userId?: string }[] = [];
    const logger = createLogger('warn', { write: (line: string) => lines.push(JSON.parse(line)) });
    return { lines, deps: { ...app.deps, logger } };
  }

  it('never starts it for users whose trending is saved, and logs the users it fails for', async () => {
    await insertPick(app.db, { week: weekOf(new Date()) });
    const saved = await subscriberWith(['pastries']);
    // Their trending comes from YouTube and is saved: the e-mail reads it from there.
    expect((await saved.client.json('/api/suggestions/trending')).source).toBe('youtube');
    // From now on, the site's most consulted videos cannot be read.
    await app.db.execute(sql`alter table chats rename to chats_unreadable`);

    const first = capturedLogs();
    expect(await sendWeeklyEmails(first.deps, new Date())).toBe(1);
    expect(await weeklyMailsTo(saved, app)).toHaveLength(1);
    expect(first.lines).toEqual([]);

    const unsaved = await subscriberWith(['weekly subscription box']);
    const second = capturedLogs();
    expect(await sendWeeklyEmails(second.deps, new Date())).toBe(0);
    expect(second.lines).toEqual([
      expect.objectContaining({ msg: 'weekly suggestions e-mail not sent', userId: unsaved.id }),
    ]);
    // Its claim is given back: a later run tries again.
    expect(
      await app.db.select().from(weeklyEmailSends).where(eq(weeklyEmailSends.userId, unsaved.id)),
    ).toEqual([]);
  });
});

describe('the hour of the weekly mail', () => {
  const hoursAfter = (week: string, hours: number) =>
    new Date(Date.parse(`${week}T00:00:00Z`) + hours * 3_600_000);
  const claimsOf = (week: string) =>
    first.db.select().from(weeklyEmailSends).where(eq(weeklyEmailSends.week, week));

  it('goes at 08:00 on each user’s Monday, in their time zone, once', async () => {
    const week = unusedWeek();
    await insertPick(first.db, { week, title: 'Pricing a premium tier' });
    const tokyo = await subscriber('Asia/Tokyo');
    const london = await subscriber('UTC');
    const newYork = await subscriber('America/New_York');
    const reached = async () =>
      Promise.all([tokyo, london, newYork].map(async (user) => (await weeklyMailsTo(user)).length));

    // Sunday 22:00 UTC: 07:00 on Monday in Tokyo.
    await sendWeeklyEmails(first.deps, hoursAfter(week, -2));
    expect(await reached()).toEqual([0, 0, 0]);
    // 08:00 in Tokyo, still Sunday in UTC: the mail is of Tokyo's week.
    await sendWeeklyEmails(first.deps, hoursAfter(week, -1));
    expect(await reached()).toEqual([1, 0, 0]);
    await sendWeeklyEmails(first.deps, hoursAfter(week, 7));
    expect(await reached()).toEqual([1, 0, 0]);
    await sendWeeklyEmails(first.deps, hoursAfter(week, 8));
    expect(await reached()).toEqual([1, 1, 0]);
    // 08:00 in New York (UTC-5 in winter, UTC-4 in summer): 12:00 or 13:00 UTC.
    await sendWeeklyEmails(first.deps, hoursAfter(week, 13));
    expect(await reached()).toEqual([1, 1, 1]);
    // Later that week, nothing more.
    await sendWeeklyEmails(first.deps, hoursAfter(week, 3 * 24));
    expect(await reached()).toEqual([1, 1, 1]);
    const ids = [tokyo.id, london.id, newYork.id];
    const claimed = (await claimsOf(week)).filter((claim) => ids.includes(claim.userId));
    expect(claimed).toHaveLength(3);
    for (const user of [tokyo, london, newYork]) {
      expect((await weeklyMailsTo(user))[0]!.text).toContain('Pricing a premium tier');
    }
  });

  it('waits for the week’s picks until 20:00 on the user’s Monday, then sends trending alone; the check-in goes at 08:00', async () => {
    const week = unusedWeek();
    const early = await subscriber('UTC');
    const late = await subscriber('America/Los_Angeles');
    const planOnly = await first.createOnboardedUser();
    await planOnly.client.json('/api/plan/check-in', { method: 'PUT', json: { enabled: true } });
    await insertPlanItem(first.db, planOnly.id, { title: 'Call the flour mill', dueDate: addWeeks(week, 0) });
    // Trending that week: a video consulted by five established users.
    const trending = randomVideoId();
    await insertPick(first.db, { week: addWeeks(week, -30), videoId: trending, title: 'Churn, explained' });
    for (const consulter of await Promise.all([1, 2, 3, 4, 5].map(() => first.createOnboardedUser()))) {
      await insertChat(first, consulter.id, { videoId: trending, createdAt: hoursAfter(week, 1) });
    }

    // 08:00 UTC: no picks yet. The check-in goes; the picks' mail waits.
    await sendWeeklyEmails(first.deps, hoursAfter(week, 8));
    const checkIns = (await first.mailsTo(planOnly.email)).filter(
      (mail) => mail.kind === CHECK_IN_EMAIL_KIND,
    );
    expect(checkIns).toHaveLength(1);
    expect(await weeklyMailsTo(early)).toEqual([]);
    const claimed = (await claimsOf(week)).map((claim) => claim.userId);
    expect(claimed).toContain(planOnly.id);
    expect(claimed).not.toContain(early.id);

    // The admin publishes the picks at 10:00: the next hourly run sends them with trending.
    await insertPick(first.db, { week, title: 'A pick of the week' });
    await sendWeeklyEmails(first.deps, hoursAfter(week, 10));
    const [withPicks] = await weeklyMailsTo(early);
    expect(withPicks!.text).toContain('A pick of the week');
    expect(withPicks!.text).toContain('Churn, explained');
    expect(withPicks!.subject).toMatch(/^This week’s video picks: week of /);

    // A week whose picks never come sends trending once the wait is over.
    await first.db.delete(suggestionPicks).where(eq(suggestionPicks.week, week));
    // 18:00 (19:00 in summer) on Monday in Los Angeles: past 08:00, before 20:00, it waits.
    await sendWeeklyEmails(first.deps, hoursAfter(week, 24 + 2));
    expect(await weeklyMailsTo(late)).toEqual([]);
    // 20:00 (21:00) on their Monday: trending alone.
    await sendWeeklyEmails(first.deps, hoursAfter(week, 24 + 4));
    const [trendingOnly] = await weeklyMailsTo(late);
    expect(trendingOnly!.text).toContain('TRENDING FOR YOUR BUSINESS');
    expect(trendingOnly!.text).toContain('Churn, explained');
    expect(trendingOnly!.text).not.toContain('THIS WEEK’S PICKS');
  });
});
