import { randomBytes, randomUUID } from 'node:crypto';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_DELETION_MESSAGES, FRESH_SIGN_IN_MINUTES } from '../../../shared/schemas/account';
import { MAIL_RETRY_JOB } from '../../adapters/mail';
import * as schema from '../../db/schema';
import { MISSING_ORIGIN_MESSAGE } from '../../http/origin-check';
import { RATE_LIMITS } from '../../http/rate-limit';
import { subscribeWithTestCard } from '../../testing/billing';
import { createManualChat } from '../../testing/consult';
import { readyDataExport } from '../../testing/data-export';
import { everyTable, scanEveryColumn } from '../../testing/every-column-scan';
import { FAKE_API_KEY, type FakeYouTubeApi, startFakeYouTubeApi } from '../../testing/fake-youtube-api';
import { SAMPLE_PROFILE } from '../../testing/fixtures';
import { connectAssistant } from '../../testing/mcp';
import { insertPick, unusedWeek } from '../../testing/suggestions';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { readUiStream } from '../../testing/ui-stream';
import { sendWeeklyEmails } from '../suggestions/weekly-email';

let t: TestApp;
let staff: TestUser;
let youtubeApi: FakeYouTubeApi;
beforeAll(async () => {
  youtubeApi = await startFakeYouTubeApi();
  t = await createTestApp({ YOUTUBE_API_KEY: FAKE_API_KEY, YOUTUBE_API_URL: youtubeApi.apiUrl });
  staff = await t.createUser({ role: 'super_admin', profile: true });
});
afterAll(async () => {
  await t.close();
  await youtubeApi.close();
});

/** The tables that hold no user's data, and why. */
const TABLES_WITHOUT_USER_DATA: Record<string, string> = {
  'drizzle.__drizzle_migrations': 'the migrations applied',
  plans: 'the plan catalogue',
  assistant_settings: 'the assistant, edited by staff (its editor is set null when deleted)',
  transcript_cache: "YouTube's transcripts by video, shared by every user",
  rate_limit: 'request counters by address and route (off in tests)',
  request_limits:
    'costly-write counters by user and address (off in tests; a user’s rows cascade with the user)',
  generation_leases: 'a row only while a reply streams (cascades with the user)',
  follow_up_leases: 'a row only while suggested follow-ups are written (cascades with the user)',
  suggestion_picks: 'the team’s weekly picks',
  video_search_cache: 'YouTube’s public video data, keyed by a hash of a keyword set',
  youtube_quota_days: 'the site’s YouTube quota units per day',
  channels: 'followed YouTube channels’ public names and feed state, shared by their followers',
  channel_videos: 'the public uploads of followed channels, shared by their followers',
  channel_video_links: 'which channel a public video belongs to, as YouTube said',
  oauth_resource: 'the MCP endpoint, the one resource assistants get tokens for',
  oauth_client_resource: 'which registered assistant may ask for that resource (client ids only)',
  oauth_client_assertion: 'signed client assertions already used (ids only; unused by public clients)',
  'pgboss.*':
    'the job queue: job data holds ids only, a failed job a fixed sentence (decision 045); its tables are named by date too',
};

/** A channel both test users follow: its row and videos stay when one of them goes. */
const SHARED_CHANNEL_ID = 'UCsharedByFollowers00001';

/** The job queue's tables count as one: some are made per day (`pgboss.queue_stats_20261127`). */
const tableGroup = (table: string) => (table.startsWith('pgboss.') ? 'pgboss.*' : table);

/** Every text of a value (a profile), nested ones too, with the mark appended. */
const markEveryText = <T>(value: T, mark: string): T =>
  (typeof value === 'string'
    ? `${value} ${mark}`
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, markEveryText(inner, mark)]))
      : value) as T;

/**
 * A user with a row in every table the product writes for a user, made through the API as the user
 * and the support team would: a profile, a paid plan, a chat with an answered message (rated 👎 with a note, with suggested follow-ups, shared by a link) that staff
 * renamed, a second video added to it and a question asked of their library, a support ticket with a
 * staff reply and the user's answer, an affiliate message, saved suggestion keywords searched on
 * YouTube and a weekly e-mail sent, memories (typed and a plan step's outcome, then paused), a role change, and pending sign-in tokens (a magic
 * link, a one-time code, a password reset). Answers the needles
 * an erasure scan looks for: the id, the e-mail and every text the user wrote or staff wrote about them.
 */
async function userWithEverything() {
  const mark = randomBytes(5).toString('hex');
  const texts = {
    name: `Maya${mark} Okafor`,
    'business name': `Bakery${mark}`,
    transcript: `We talk about pricing${mark} for sourdough.`,
    'chat message': `How should I price${mark} the box?`,
    'edited message': `How should I price${mark} the bread box?`,
    'added video': `Loyalty cards${mark} bring customers back.`,
    'library question': `What do my videos say about pricing${mark} and loyalty cards${mark}?`,
    'assistant name': `Claude${mark}`,
    'chat title (before the staff rename)': `Pricing${mark}`,
    'chat title given by staff': `Renamed${mark}`,
    'ticket subject': `Invoice${mark}`,
    'ticket message': `My invoice${mark} is wrong`,
    'staff reply': `We fixed${mark} your invoice`,
    'reply by the user': `Thanks${mark} a lot`,
    'affiliate message': `I run a blog${mark} about baking`,
    'saved keyword': `sourdough${mark}`,
    'rating note': `It missed${mark} my prices`,
    'plan step': `Price the box${mark} at 24 dollars`,
    'plan note': `Asked the baker${mark}`,
    memory: `We lost two clients${mark} after raising prices`,
    'outcome note': `Regulars${mark} complained`,
  };
  const user = await t.createUser({
    name: texts.name,
    profile: { ...markEveryText(SAMPLE_PROFILE, mark), businessName: texts['business name'] },
  });
  await subscribeWithTestCard(user);

  const chatId = await createManualChat(user, texts.transcript);
  await readUiStream(await user.client.post(`/api/chats/${chatId}/first-reply`));
  await readUiStream(
    await user.client.post(`/api/chats/${chatId}/messages`, { content: texts['chat message'] }),
  );
  const answer = (await user.client.json(`/api/chats/${chatId}`)).messages.find(
    (message: { role: string }) => message.role === 'assistant',
  );
  await user.client.json(`/api/chats/${chatId}/messages/${answer.id}/rating`, {
    method: 'PUT',
    json: { rating: 'down', reason: 'inaccurate', note: texts['rating note'] },
  });
  await user.client.json(`/api/chats/${chatId}/messages/${answer.id}/follow-ups`, { method: 'POST' });
  const { link } = await user.client.json(`/api/chats/${chatId}/share-links`, { method: 'POST' }, 201);
  await addPlanStep(user, chatId, texts['plan step'], texts['plan note']);
  await user.client.json('/api/plan/calendar', { method: 'POST' }, 201);
  await rememberAndPause(user, texts.memory, texts['outcome note']);
  // The question edited and its answer regenerated: versions of both are kept (decision 041).
  const asked = (await user.client.json(`/api/chats/${chatId}`)).messages.at(-2);
  await readUiStream(
    await user.client.post(`/api/chats/${chatId}/messages/${asked.id}/edit`, {
      content: texts['edited message'],
    }),
  );
  const answered = (await user.client.json(`/api/chats/${chatId}`)).messages.at(-1);
  await readUiStream(await user.client.post(`/api/chats/${chatId}/messages/${answered.id}/regenerate`));
  const branchEnd = (await user.client.json(`/api/chats/${chatId}`)).messages.at(-1).id as string;
  await user.client.json(`/api/chats/${chatId}`, {
    method: 'PATCH',
    json: { title: texts['chat title (before the staff rename)'] },
  });
  await staff.client.json(`/api/admin/chats/${chatId}`, {
    method: 'PATCH',
    json: { title: texts['chat title given by staff'] },
  });
  const { source } = await user.client.json(
    `/api/chats/${chatId}/sources`,
    { method: 'POST', json: { source: 'manual', transcript: texts['added video'] } },
    201,
  );
  await readUiStream(await user.client.post('/api/library/ask', { question: texts['library question'] }));

  const { ticket } = await user.client.json(
    '/api/support/tickets',
    { method: 'POST', json: { subject: texts['ticket subject'], message: texts['ticket message'] } },
    201,
  );
  await staff.client.json(
    `/api/admin/tickets/${ticket.id}/replies`,
    { method: 'POST', json: { message: texts['staff reply'] } },
    201,
  );
  await user.client.json(
    `/api/support/tickets/${ticket.id}/replies`,
    { method: 'POST', json: { message: texts['reply by the user'] } },
    201,
  );
  await staff.client.json(`/api/admin/tickets/${ticket.id}/resolve`, { method: 'POST' });
  await user.client.json('/api/affiliate', { method: 'POST', json: { message: texts['affiliate message'] } });
  await user.client.json('/api/waitlist', { method: 'POST', json: { email: user.email } });
  await user.client.json('/api/suggestions/keywords', {
    method: 'PUT',
    json: { keywords: [texts['saved keyword']] },
  });
  // A YouTube search for them, counted against the user's daily searches.
  await user.client.json('/api/suggestions/search');
  await user.client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
  await t.db
    .insert(schema.channels)
    .values({ id: SHARED_CHANNEL_ID, title: 'Shared Channel', state: 'ok' })
    .onConflictDoNothing();
  await user.client.json(
    '/api/channels',
    { method: 'POST', json: { link: `https://www.youtube.com/channel/${SHARED_CHANNEL_ID}` } },
    201,
  );
  const week = unusedWeek();
  await insertPick(t.db, { week });
  // A live reply's row, as a process killed mid-reply leaves it (decision 071).
  await t.db
    .insert(schema.liveReplies)
    .values({ id: randomUUID(), chatId, userId: user.id, expiresAt: new Date(Date.now() + 60_000) });
  await sendWeeklyEmails(t.deps, new Date(`${week}T08:00:00Z`));
  await staff.client.json(`/api/admin/users/${user.id}/role`, { method: 'PUT', json: { role: 'admin' } });

  const anonymous = t.client();
  await anonymous.json('/api/auth/sign-in/magic-link', {
    method: 'POST',
    json: { email: user.email, callbackURL: '/dashboard' },
  });
  await anonymous.json('/api/auth/email-otp/send-verification-otp', {
    method: 'POST',
    json: { email: user.email, type: 'sign-in' },
  });
  await anonymous.json('/api/auth/request-password-reset', {
    method: 'POST',
    json: { email: user.email, redirectTo: '/reset-password' },
  });
  // An assistant connected over MCP, with a token to refresh its access.
  await connectAssistant(t, user, { name: texts['assistant name'], scope: 'read offline_access' });
  // An archive of all of the above, ready to download.
  await readyDataExport(t, user);

  const needles = {
    "the user's id": user.id,
    "the user's e-mail": user.email,
    // A chat's sources hold ids and numbers only: the added one is found by its own id.
    "the added video's place in the chat": source.id as string,
    'the end of the branch on screen': branchEnd,
    'the share link': (link.path as string).split('/').at(-1)!,
    ...texts,
    // Every text above and every profile field carries the mark: a part or a copy of any of them.
    'the mark of their texts': mark,
  };
  return { ...user, chatId, ticketId: ticket.id as string, needles };
}

/** A step of the chat's first answer in the user's plan, with a note, and the weekly check-in turned on. */
async function addPlanStep(user: TestUser, chatId: string, title: string, note: string) {
  const { messages } = await user.client.json<{ messages: { id: string; role: string }[] }>(
    `/api/chats/${chatId}`,
  );
  const answer = messages.find((message) => message.role === 'assistant')!;
  const { proposal } = await user.client.json(`/api/chats/${chatId}/messages/${answer.id}/plan-proposal`, {
    method: 'POST',
  });
  const { items } = await user.client.json(
    '/api/plan/items',
    { method: 'POST', json: { messageId: answer.id, items: [{ ...proposal.items[0], title }] } },
    201,
  );
  await user.client.json(`/api/plan/items/${items[0].id}`, { method: 'PATCH', json: { note } });
  await user.client.json('/api/plan/check-in', { method: 'PUT', json: { enabled: true } });
}

/** A typed memory, the outcome of a plan step done, and memory paused (What Vidvisor knows). */
async function rememberAndPause(user: TestUser, statement: string, outcomeNote: string) {
  await user.client.json('/api/memory', { method: 'POST', json: { statement, kind: 'fact' } }, 201);
  const { items } = await user.client.json('/api/plan');
  await user.client.json(`/api/plan/items/${items[0].id}`, { method: 'PATCH', json: { status: 'done' } });
  await user.client.json(`/api/plan/items/${items[0].id}/outcome`, {
    method: 'POST',
    json: { outcome: 'didnt', note: outcomeNote },
  });
  await user.client.json('/api/memory/pause', { method: 'PUT', json: { paused: true } });
}

describe('account deletion', () => {
  // Two users with a row in every table, made through the API (about 40 requests each, replies
  // included): more than the default 30 s on a busy two-core machine.
  it('leaves nothing of the user in any column of any table, and keeps everyone else’s', {
    timeout: 120_000,
  }, async () => {
    const user = await userWithEverything();
    const bystander = await userWithEverything();
    // A retry of one of the user's mails waits on the job queue.
    const [mail] = await t.mailsTo(user.email);
    await t.deps.jobs.send(MAIL_RETRY_JOB, { outboxId: mail!.id }, { delaySeconds: 3600 });
    // Before, the scan finds the user in every table that can hold a user: a table added tomorrow
    // fails here until this test writes to it (or it is listed as holding no one's data).
    const before = await scanEveryColumn(t.db, user.needles);
    const tablesWithoutUser = [
      ...new Set(
        (await everyTable(t.db))
          .filter((table) => !before.some((find) => find.startsWith(`${table}.`)))
          .map(tableGroup),
      ),
    ].sort();
    expect(tablesWithoutUser, 'tables userWithEverything() writes nothing of the user to').toEqual(
      Object.keys(TABLES_WITHOUT_USER_DATA).sort(),
    );
    expect(before).toEqual(
      expect.arrayContaining([
        'outbox_emails.text holds ticket message',
        'outbox_emails.text holds affiliate message',
        "verification.value holds the user's e-mail",
        'audit_log.before holds chat title (before the staff rename)',
        'audit_log.after holds staff reply',
        'library_videos.transcript holds added video',
        'video_passages.text holds added video',
        "chat_sources.id holds the added video's place in the chat",
        'chats.title holds library question',
        'chat_messages.content holds edited message',
        'chats.current_leaf_id holds the end of the branch on screen',
        'message_ratings.note holds rating note',
        'data_exports.archive holds rating note',
        'share_links.token holds the share link',
        "follow_up_suggestions.user_id holds the user's id",
        "channel_follows.user_id holds the user's id",
        'oauth_client.name holds assistant name',
        "oauth_consent.user_id holds the user's id",
        "oauth_access_token.user_id holds the user's id",
        "oauth_refresh_token.user_id holds the user's id",
      ]),
    );
    const bystanderBefore = await scanEveryColumn(t.db, bystander.needles);

    const response = await user.client.delete('/api/account', { password: user.password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });

    expect(await scanEveryColumn(t.db, user.needles), 'columns still naming the deleted user').toEqual([]);
    expect(await scanEveryColumn(t.db, bystander.needles)).toEqual(bystanderBefore);
    // The channel the bystander still follows stays.
    expect(
      await t.db.select().from(schema.channels).where(eq(schema.channels.id, SHARED_CHANNEL_ID)),
    ).toHaveLength(1);
  });

  it('keeps what staff did in the audit log: action, staff member and time, without the user', async () => {
    const user = await userWithEverything();
    const aboutUser = async () =>
      (await t.db.select().from(schema.auditLog).orderBy(schema.auditLog.id)).filter((row) =>
        [user.id, user.chatId, user.ticketId].includes(row.targetId ?? ''),
      );
    const before = await aboutUser();
    expect(before.map((row) => row.action).sort()).toEqual([
      'chat.rename',
      'ticket.reply',
      'ticket.resolve',
      'user.set_role',
    ]);

    expect((await user.client.delete('/api/account', { password: user.password })).status).toBe(200);

    const after = await t.db
      .select()
      .from(schema.auditLog)
      .where(
        inArray(
          schema.auditLog.id,
          before.map((row) => row.id),
        ),
      )
      .orderBy(schema.auditLog.id);
    const kept = (row: (typeof before)[number]) => [
      row.id,
      row.action,
      row.actorId,
      row.actorEmail,
      row.createdAt,
    ];
    expect(after.map(kept)).toEqual(before.map(kept));
    expect(after.every((row) => row.actorId === staff.id && row.before === null && row.after === null)).toBe(
      true,
    );
    const roleChange = after.find((row) => row.action === 'user.set_role')!;
    expect(roleChange.targetId).toMatch(/^deleted-account-[0-9a-f-]{36}$/);
  });

  it('turns a deleted staff member into one pseudonym, as the actor and as the target', async () => {
    const admin = await t.createUser({ role: 'super_admin' });
    const someone = await t.createUser();
    await staff.client.json(`/api/admin/users/${admin.id}/role`, {
      method: 'PUT',
      json: { role: 'super_admin' },
    });
    await admin.client.json(`/api/admin/users/${someone.id}/role`, {
      method: 'PUT',
      json: { role: 'admin' },
    });

    expect((await admin.client.delete('/api/account', { password: admin.password })).status).toBe(200);

    const [asTarget, asActor] = await t.db
      .select()
      .from(schema.auditLog)
      .where(eq(schema.auditLog.action, 'user.set_role'))
      .orderBy(desc(schema.auditLog.id))
      .limit(2)
      .then((rows) => rows.reverse());
    expect(asTarget).toMatchObject({ actorId: staff.id, actorEmail: staff.email, before: null, after: null });
    expect(asActor).toMatchObject({ actorEmail: null, targetId: someone.id, after: { role: 'admin' } });
    expect(asActor!.actorId).toMatch(/^deleted-account-/);
    expect(asTarget!.targetId).toBe(asActor!.actorId);
  });

  it('removes only the deleted user’s one-time codes, even for look-alike addresses', async () => {
    const stamp = Date.now();
    const user = await t.createUser({ email: `maya_${stamp}@example.com` });
    const lookAlikes = [`mayax${stamp}@example.com`, `amaya_${stamp}@example.com`];
    for (const email of [user.email, ...lookAlikes]) {
      await t.client().post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    }
    expect((await user.client.delete('/api/account', { password: user.password })).status).toBe(200);
    const codes = (await t.db.select().from(schema.verifications)).map((row) => row.identifier);
    expect(codes.filter((id) => id.endsWith(`-otp-${user.email}`))).toEqual([]);
    for (const email of lookAlikes) expect(codes).toContain(`sign-in-otp-${email}`);
  });

  it('signs the user out for good: the session is gone and the password no longer works', async () => {
    const user = await t.createOnboardedUser();
    await user.client.delete('/api/account', { password: user.password });
    expect((await user.client.get('/api/me')).status).toBe(401);
    const signIn = await t
      .client()
      .post('/api/auth/sign-in/email', { email: user.email, password: user.password });
    expect(signIn.status).toBe(401);
  });

  it('needs a signed-in user and a same-site request', async () => {
    expect((await t.client().request('/api/account', { method: 'DELETE' })).status).toBe(401);
    const user = await t.createOnboardedUser();
    const crossSite = await user.client.request('/api/account', {
      method: 'DELETE',
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await user.client.get('/api/me')).status).toBe(200);
  });
});

describe('deleting an account asks for proof', () => {
  const stillThere = async (user: TestUser) => {
    expect((await user.client.get('/api/me')).status).toBe(200);
    expect(await t.db.select().from(schema.users).where(eq(schema.users.id, user.id))).toHaveLength(1);
  };

  it('an account with a password: none or a wrong one is refused with a message, nothing deleted; the right one deletes', async () => {
    const user = await t.createOnboardedUser();
    const missing = await user.client.delete('/api/account', {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: `password: ${ACCOUNT_DELETION_MESSAGES.passwordRequired}`,
        field: 'password',
      },
    });
    expect((await user.client.request('/api/account', { method: 'DELETE' })).status).toBe(400);
    const wrong = await user.client.delete('/api/account', { password: 'not-my-password-at-all' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.message).toBe(`password: ${ACCOUNT_DELETION_MESSAGES.wrongPassword}`);
    await stillThere(user);
    expect((await user.client.delete('/api/account', { password: user.password })).status).toBe(200);
    expect(await t.db.select().from(schema.users).where(eq(schema.users.id, user.id))).toHaveLength(0);
  });

  it('a stolen session cannot guess the password here: past 5 tries an hour it gets 429 with Retry-After', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
    try {
      const user = await limited.createOnboardedUser();
      const { perUser } = RATE_LIMITS['delete-account'];
      for (let i = 0; i < perUser; i++) {
        expect((await user.client.delete('/api/account', { password: `guess-${i}` })).status).toBe(400);
      }
      const paused = await user.client.delete('/api/account', { password: user.password });
      expect(paused.status).toBe(429);
      expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await user.client.get('/api/me')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('a password-less account needs a sign-in less than 5 minutes old: an older session is refused, a new code sign-in deletes', async () => {
    const user = await t.createOnboardedUser();
    await t.db.delete(schema.accounts).where(eq(schema.accounts.userId, user.id));
    expect((await user.client.json('/api/me')).hasPassword).toBe(false);
    await t.db
      .update(schema.sessions)
      .set({ createdAt: sql`now() - make_interval(mins => ${FRESH_SIGN_IN_MINUTES + 1})` })
      .where(eq(schema.sessions.userId, user.id));
    const stale = await user.client.delete('/api/account', {});
    expect(stale.status).toBe(403);
    expect(await stale.json()).toEqual({
      error: { code: 'fresh_sign_in_required', message: ACCOUNT_DELETION_MESSAGES.freshSignInRequired },
    });
    // A password proves nothing for an account without one.
    expect((await user.client.delete('/api/account', { password: user.password })).status).toBe(403);
    await stillThere(user);

    await user.client.post('/api/auth/email-otp/send-verification-otp', {
      email: user.email,
      type: 'sign-in',
    });
    const mail = (await t.mailsTo(user.email)).find((m) => m.kind === 'one-time-code:sign-in');
    const otp = mail?.text.match(/\b\d{6}\b/)?.[0];
    expect((await user.client.post('/api/auth/sign-in/email-otp', { email: user.email, otp })).status).toBe(
      200,
    );
    expect((await user.client.delete('/api/account', {})).status).toBe(200);
    expect(await t.db.select().from(schema.users).where(eq(schema.users.id, user.id))).toHaveLength(0);
  });

  it('a request naming no origin is refused, however good its session and password; Sec-Fetch-Site same-origin passes', async () => {
    const user = await t.createOnboardedUser();
    const withoutOrigin = (headers: Record<string, string> = {}) =>
      t.app.request('/api/account', {
        method: 'DELETE',
        headers: { cookie: user.client.cookieHeader(), 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ password: user.password }),
      });
    const refused = await withoutOrigin();
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe(MISSING_ORIGIN_MESSAGE);
    expect((await withoutOrigin({ 'sec-fetch-site': 'same-site' })).status).toBe(403);
    await stillThere(user);
    expect((await withoutOrigin({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });
});

describe('onboarding gates', () => {
  it('moves from complete-profile to onboarding to passed, and plan choice needs the profile', async () => {
    const user = await t.createUser();
    expect((await user.client.json('/api/me')).gate).toBe('complete-profile');
    const early = await user.client.post('/api/billing/checkout', { planId: 'pro' });
    expect(early.status).toBe(403);
    expect((await early.json()).error.code).toBe('profile_required');

    await user.client.json('/api/profile', { method: 'PUT', json: SAMPLE_PROFILE });
    expect((await user.client.json('/api/me')).gate).toBe('onboarding');
    await subscribeWithTestCard(user);
    expect(await user.client.json('/api/me')).toMatchObject({ gate: 'passed', subscriptionActive: true });
  });

  it('lets staff past both gates: no profile and no plan needed, and they may still fill a profile', async () => {
    for (const role of ['admin', 'super_admin'] as const) {
      const staff = await t.createUser({ role });
      expect(await staff.client.json('/api/me')).toMatchObject({ gate: 'passed', plan: null });
      const chat = await staff.client.json(
        '/api/chats',
        { method: 'POST', json: { source: 'manual', transcript: 'Staff can consult before any profile.' } },
        201,
      );
      expect((await staff.client.json(`/api/chats/${chat.id}`)).chat.id).toBe(chat.id);
      expect((await staff.client.json('/api/chats')).chats).toHaveLength(1);
      await staff.client.json('/api/profile', { method: 'PUT', json: SAMPLE_PROFILE });
      expect((await staff.client.json('/api/profile')).businessName).toBe(SAMPLE_PROFILE.businessName);
    }
  });

  it('keeps the profile gate first for a user on a free plan', async () => {
    const user = await t.createUser({ freePlan: 'free' });
    expect((await user.client.json('/api/me')).gate).toBe('complete-profile');
    expect((await user.client.json('/api/chats', {}, 403)).error.code).toBe('profile_required');
  });
});

describe('change password (e-mail identities)', () => {
  it('needs the current password, then the new one signs in', async () => {
    const user = await t.createOnboardedUser();
    const wrong = await user.client.post('/api/auth/change-password', {
      currentPassword: 'not-my-password',
      newPassword: 'a-new-password',
    });
    expect(wrong.status).toBe(400);
    const short = await user.client.post('/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: '12345',
    });
    expect(short.status).toBe(400);
    const changed = await user.client.post('/api/auth/change-password', {
      currentPassword: user.password,
      newPassword: 'a-new-password',
    });
    expect(changed.status).toBe(200);
    const signIn = await t
      .client()
      .post('/api/auth/sign-in/email', { email: user.email, password: 'a-new-password' });
    expect(signIn.status).toBe(200);
  });
});
