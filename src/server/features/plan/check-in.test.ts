import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/plan';
import { OUTCOME_LINK_MESSAGES } from '../../../shared/schemas/memory';
import { memories, type planItems, planSettings, users, weeklyEmailSends } from '../../db/schema';
import { holdWeeklyClaims } from '../../testing/claim-barrier';
import { checkInTokenOf, insertPlanItem } from '../../testing/plan';
import { insertPick, unsubscribeTokenOf, unusedWeek } from '../../testing/suggestions';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { openTestDatabase, secondConnection } from '../../testing/test-database';
import { sendWeeklyEmails, WEEKLY_EMAIL_KIND } from '../suggestions/weekly-email';
import { CHECK_IN_EMAIL_KIND, weeklyCheckIn } from './check-in';
import { OUTCOME_LINK_DAYS, outcomeLinks } from './check-in-outcome';

/**
 * The weekly check-in, through two app instances on one database (on PostgreSQL, two connection pools:
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

async function checkInUser(): Promise<TestUser> {
  const user = await first.createOnboardedUser();
  await user.client.json('/api/plan/check-in', { method: 'PUT', json: { enabled: true } });
  return user;
}

/** A week's plan: one item for each place the check-in looks, and one for each it must leave out. */
async function plannedWeek(user: TestUser, week: string) {
  const item = (title: string, seed: Partial<typeof planItems.$inferInsert>) =>
    insertPlanItem(first.db, user.id, { ...seed, title });
  const at = (day: string) => new Date(`${day}T12:00:00Z`);
  await item('Overdue step', { dueDate: addDays(week, -2), status: 'in_progress' });
  await item('Due on Sunday', { dueDate: addDays(week, 6) });
  await item('Due next Monday', { dueDate: addDays(week, 7) });
  await item('Dropped and late', { dueDate: addDays(week, -2), status: 'dropped' });
  await item('Done last Friday', {
    status: 'done',
    dueDate: addDays(week, -10),
    doneAt: at(addDays(week, -3)),
  });
  await item('Done two weeks ago', { status: 'done', doneAt: at(addDays(week, -10)) });
}

/** The weekly mails (check-in alone, or with the picks) to a user. */
const mailsOf = async (user: TestUser) =>
  (await first.mailsTo(user.email)).filter((mail) =>
    [CHECK_IN_EMAIL_KIND, WEEKLY_EMAIL_KIND].includes(mail.kind),
  );

describe('the weekly check-in e-mail', () => {
  it('lists what is overdue, due in the next 7 days and done last week, with links to /plan', async () => {
    const week = unusedWeek();
    const user = await checkInUser();
    await plannedWeek(user, week);
    await sendWeeklyEmails(first.deps, mondayMorning(week));
    const [mail, ...others] = await mailsOf(user);
    expect(others).toEqual([]);
    expect(mail!.kind).toBe(CHECK_IN_EMAIL_KIND);
    expect(mail!.subject).toBe('Your plan this week: 1 overdue, 1 due this week, 1 done last week');
    const section = (heading: string) =>
      mail!.text.split(`${heading.toUpperCase()}\n`)[1]!.split('\n\n\n')[0]!;
    expect(mail!.text).toContain('OVERDUE\n\n- Overdue step\n');
    expect(section('Due in the next 7 days')).toContain('- Due on Sunday');
    expect(section('Done last week')).toContain('- Done last Friday');
    for (const absent of ['Due next Monday', 'Dropped and late', 'Done two weeks ago']) {
      expect(mail!.text).not.toContain(absent);
    }
    expect(mail!.text).toContain('  http://localhost:3000/plan\n');
    expect(mail!.text.indexOf('OVERDUE')).toBeLessThan(mail!.text.indexOf('DONE LAST WEEK'));
    const token = await checkInTokenOf(first.db, user.id);
    expect(mail!.text).toContain(
      `Unsubscribe from the check-in: http://localhost:3000/plan/unsubscribe?token=${token}`,
    );
  });

  it('counts the user’s days in their time zone: on their Monday, Sunday’s step is overdue and last week ended at their midnight', async () => {
    const week = unusedWeek();
    const user = await checkInUser();
    await user.client.json('/api/account/settings', { method: 'PATCH', json: { timeZone: 'Asia/Tokyo' } });
    const sunday = addDays(week, -1);
    await insertPlanItem(first.db, user.id, { title: 'Due on their Sunday', dueDate: sunday });
    await insertPlanItem(first.db, user.id, { title: 'Due on their Monday', dueDate: week });
    // 19:00 and 05:00 in Tokyo: Sunday evening (last week) and early Monday (this week).
    const done = (title: string, at: string) =>
      insertPlanItem(first.db, user.id, { title, status: 'done', doneAt: new Date(at) });
    await done('Done Sunday evening', `${sunday}T10:00:00Z`);
    await done('Done Monday at dawn', `${sunday}T20:00:00Z`);
    // 08:30 on Monday in Tokyo, still Sunday in UTC.
    const checkIn = await weeklyCheckIn(first.db, user.id, new Date(`${sunday}T23:30:00Z`));
    const titles = (items: { title: string }[]) => items.map((item) => item.title);
    expect(titles(checkIn!.overdue)).toEqual(['Due on their Sunday']);
    expect(titles(checkIn!.dueSoon)).toEqual(['Due on their Monday']);
    expect(titles(checkIn!.doneLastWeek)).toEqual(['Done Sunday evening']);
  });

  it('sends one mail with the plan first and the picks second to a user who has both', async () => {
    const week = unusedWeek();
    await insertPick(first.db, { week, title: 'Pricing a premium tier' });
    const user = await checkInUser();
    await user.client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
    await plannedWeek(user, week);
    await sendWeeklyEmails(first.deps, mondayMorning(week));
    const mails = await mailsOf(user);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.kind).toBe(WEEKLY_EMAIL_KIND);
    expect(mail!.subject).toMatch(/^Your plan this week: .*, and this week’s video picks$/);
    expect(mail!.text.indexOf('Overdue step')).toBeGreaterThan(0);
    expect(mail!.text.indexOf('Overdue step')).toBeLessThan(mail!.text.indexOf('Pricing a premium tier'));
    const token = await unsubscribeTokenOf(first.db, user.id);
    expect(mail!.text).toContain(
      `Unsubscribe from the weekly e-mail: http://localhost:3000/weekly-mail/unsubscribe?token=${token}`,
    );
  });

  it('stops the whole combined mail with the mail client’s one click; its page lets the user keep either part', async () => {
    const week = unusedWeek();
    await insertPick(first.db, { week });
    const user = await checkInUser();
    await user.client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
    await plannedWeek(user, week);
    await sendWeeklyEmails(first.deps, mondayMorning(week));
    const [mail] = await mailsOf(user);
    expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(mail!.headers!['List-Unsubscribe']!)![1]!;
    const path = oneClick.replace('http://localhost:3000', '');
    // What a mail client's one-click sends: a form POST, with no cookie and no Origin.
    const response = await first.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ picks: false, checkIn: false });
    expect(await user.client.json('/api/plan/check-in')).toEqual({ enabled: false });
    expect(await user.client.json('/api/suggestions/email')).toEqual({ weeklyEmail: false });

    // Opened in a browser, the same address leads to the page.
    const opened = await first.app.request(path);
    expect(opened.status).toBe(303);
    const page = opened.headers.get('location')!;
    expect(mail!.text).toContain(`http://localhost:3000${page}`);
    const token = new URL(page, 'http://localhost:3000').searchParams.get('token');
    const keep = await first.client().put(`/api/suggestions/weekly-mail/keep?token=${token}`, {
      part: 'checkIn',
    });
    expect(keep.status).toBe(200);
    expect(await keep.json()).toEqual({ picks: false, checkIn: true });
    expect(await user.client.json('/api/plan/check-in')).toEqual({ enabled: true });
    expect(await user.client.json('/api/suggestions/email')).toEqual({ weeklyEmail: false });
  });

  it('refuses a forged token (404) and an unknown part (400), changing nothing', async () => {
    const user = await checkInUser();
    const forged = await first
      .client()
      .post(`/api/suggestions/weekly-mail/unsubscribe?token=${'x'.repeat(32)}`);
    expect(forged.status).toBe(404);
    const malformed = await first.client().post('/api/suggestions/weekly-mail/unsubscribe?token=short');
    expect(malformed.status).toBe(400);
    await user.client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
    const token = await unsubscribeTokenOf(first.db, user.id);
    const unknownPart = await first.client().put(`/api/suggestions/weekly-mail/keep?token=${token}`, {
      part: 'everything',
    });
    expect(unknownPart.status).toBe(400);
    expect((await unknownPart.json()).error.message).toContain('Choose the part to keep');
    expect(await user.client.json('/api/plan/check-in')).toEqual({ enabled: true });
    expect(await user.client.json('/api/suggestions/email')).toEqual({ weeklyEmail: true });
  });

  it('sends nothing in a week with nothing due and nothing done, or when the check-in is off', async () => {
    const week = unusedWeek();
    const idle = await checkInUser();
    await insertPlanItem(first.db, idle.id, { title: 'Someday', dueDate: addDays(week, 30) });
    await insertPlanItem(first.db, idle.id, { title: 'No date' });
    const off = await first.createOnboardedUser();
    await plannedWeek(off, week);
    await sendWeeklyEmails(first.deps, mondayMorning(week));
    expect(await mailsOf(idle)).toEqual([]);
    expect(await mailsOf(off)).toEqual([]);
    const claims = await first.db.select().from(weeklyEmailSends).where(eq(weeklyEmailSends.week, week));
    expect(claims.filter((claim) => [idle.id, off.id].includes(claim.userId))).toEqual([]);
  });

  it('goes once per user and week however many processes run it at once', async () => {
    const week = unusedWeek();
    const readers = [await checkInUser(), await checkInUser(), await checkInUser()];
    for (const reader of readers) await plannedWeek(reader, week);
    await atOnce([first, second, first, second], (app) => sendWeeklyEmails(app.deps, mondayMorning(week)));
    for (const reader of readers) expect(await mailsOf(reader)).toHaveLength(1);
    const ids = readers.map((reader) => reader.id);
    const claims = await first.db.select().from(weeklyEmailSends).where(eq(weeklyEmailSends.week, week));
    expect(claims.filter((claim) => ids.includes(claim.userId))).toHaveLength(3);
    await sendWeeklyEmails(second.deps, mondayMorning(week));
    for (const reader of readers) expect(await mailsOf(reader)).toHaveLength(1);
  });

  it('leaves banned users out', async () => {
    const week = unusedWeek();
    const banned = await checkInUser();
    await plannedWeek(banned, week);
    await first.db.update(users).set({ banned: true, banExpires: null }).where(eq(users.id, banned.id));
    await sendWeeklyEmails(first.deps, mondayMorning(week));
    expect(await mailsOf(banned)).toEqual([]);
  });

  it('unsubscribes in one click without signing in; an unknown token is 404', async () => {
    const user = await checkInUser();
    const token = await checkInTokenOf(first.db, user.id);
    // What a mail client's one-click sends: a form POST, with no cookie and no Origin.
    const oneClick = await first.app.request(`/api/plan/check-in/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await user.client.json('/api/plan/check-in')).toEqual({ enabled: false });
    const [settings] = await first.db
      .select()
      .from(planSettings)
      .where(and(eq(planSettings.userId, user.id), eq(planSettings.unsubscribeToken, token)));
    expect(settings!.checkIn).toBe(false);
    const unknown = await first.app.request(`/api/plan/check-in/unsubscribe?token=${'x'.repeat(32)}`, {
      method: 'POST',
    });
    expect(unknown.status).toBe(404);
  });
});

describe('the check-in mail’s “How did it go?” links', () => {
  const outcomePath = (link: string) =>
    link.replace('http://localhost:3000/plan/outcome', '/api/plan/check-in/outcome');
  const memoriesOf = (user: TestUser) => first.db.select().from(memories).where(eq(memories.userId, user.id));
  const click = (path: string) => first.client().post(path);

  /** A user whose plan had a step done last week, and the week's check-in mail to them. */
  async function mailedStepDone() {
    const week = unusedWeek();
    const user = await checkInUser();
    const item = await insertPlanItem(first.db, user.id, {
      title: 'Raise the box price to $24',
      status: 'done',
      doneAt: new Date(`${addDays(week, -3)}T12:00:00Z`),
    });
    await sendWeeklyEmails(first.deps, mondayMorning(week));
    const [mail] = await mailsOf(user);
    const step = mail!.text.split('- Raise the box price to $24\n')[1]!;
    const link = (label: string) =>
      new RegExp(`^  ${label}: (http://localhost:3000/plan/outcome\\?token=\\S+)$`, 'm').exec(step)?.[1];
    return { user, item, mail: mail!, link };
  }

  it('records the outcome from the real mail’s link without sign-in, as the plan’s dialog does, once', async () => {
    const { user, item, link } = await mailedStepDone();
    const [worked, partly] = [link('It worked'), link('It partly worked')];
    expect(link("It didn't work")).toBeDefined();
    const response = await click(outcomePath(partly!));
    expect(response.status).toBe(200);
    const [memory] = await memoriesOf(user);
    expect(memory).toMatchObject({
      kind: 'outcome',
      origin: 'plan',
      planItemId: item.id,
      statement: 'Plan step "Raise the box price to $24" (done): it partly worked.',
    });
    expect(await response.json()).toEqual({ outcome: 'partly', statement: memory!.statement });

    // Used: this link and its siblings change nothing now.
    for (const again of [partly!, worked!]) {
      const refused = await click(outcomePath(again));
      expect(refused.status).toBe(409);
      expect((await refused.json()).error).toMatchObject({
        message: OUTCOME_LINK_MESSAGES.used,
        field: 'token',
      });
    }
    expect(await memoriesOf(user)).toEqual([memory]);
  });

  it('refuses a forged, tampered or expired link with a clear message, and changes nothing', async () => {
    const { user, item, link } = await mailedStepDone();
    const token = new URL(link('It worked')!).searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const flipped = `${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`;
    const otherPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), outcome: 'didnt' }),
    ).toString('base64url');
    for (const forged of [`${payload}.${flipped}`, `${otherPayload}.${signature}`]) {
      const refused = await click(`/api/plan/check-in/outcome?token=${forged}`);
      expect(refused.status).toBe(400);
      expect((await refused.json()).error).toMatchObject({
        message: OUTCOME_LINK_MESSAGES.invalid,
        field: 'token',
      });
    }
    const malformed = await click('/api/plan/check-in/outcome?token=not-a-token');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.field).toBe('token');

    const secret = await checkInTokenOf(first.db, user.id);
    const weeksAgo = new Date(Date.now() - (OUTCOME_LINK_DAYS + 1) * 86_400_000);
    const [expired] = outcomeLinks(
      'http://localhost:3000',
      secret,
      { userId: user.id, itemId: item.id },
      weeksAgo,
    );
    const late = await click(outcomePath(expired!.url));
    expect(late.status).toBe(410);
    expect((await late.json()).error.message).toBe(OUTCOME_LINK_MESSAGES.expired);
    expect(await memoriesOf(user)).toEqual([]);
  });

  it('records nothing while the user’s memory is paused, and a mail made then does not ask', async () => {
    const { user, link } = await mailedStepDone();
    await user.client.json('/api/memory/pause', { method: 'PUT', json: { paused: true } });
    const refused = await click(outcomePath(link('It worked')!));
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(OUTCOME_LINK_MESSAGES.paused);
    expect(await memoriesOf(user)).toEqual([]);

    const week = unusedWeek();
    await insertPlanItem(first.db, user.id, {
      title: 'Print flyers',
      status: 'done',
      doneAt: new Date(`${addDays(week, -3)}T12:00:00Z`),
    });
    await sendWeeklyEmails(first.deps, mondayMorning(week));
    const [latest] = await mailsOf(user);
    expect(latest!.text).toContain('- Print flyers');
    expect(latest!.text).not.toContain('/plan/outcome');
  });
});
