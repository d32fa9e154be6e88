import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, suggestionPicks } from '../../db/schema';
import { unusedWeek } from '../../testing/suggestions';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { OEMBED_CHANNEL, oembedDetails, startYouTubeFixture } from '../../testing/youtube-fixture';

let t: TestApp;
let boss: TestUser;
let youtube: Awaited<ReturnType<typeof startYouTubeFixture>>;
beforeAll(async () => {
  youtube = await startYouTubeFixture();
  t = await createTestApp({ YOUTUBE_BASE_URL: youtube.baseURL });
  boss = await t.createUser({ role: 'super_admin', profile: true });
});
afterAll(async () => {
  await t.close();
  await youtube.close();
});

const pick = (week: string, videoId = 'manualEn001', extra: Record<string, unknown> = {}) => ({
  url: `https://www.youtube.com/watch?v=${videoId}`,
  week,
  title: 'Pricing for bakeries',
  channel: OEMBED_CHANNEL,
  duration: '12:05',
  publishedOn: '2026-04-30',
  thumbnailUrl: 'https://i.ytimg.com/vi/manualEn001/hqdefault.jpg',
  tags: ['pricing', 'bakery'],
  note: 'The clearest take on a premium tier',
  ...extra,
});

async function add(week: string, videoId?: string, extra?: Record<string, unknown>) {
  return (
    await boss.client.json(
      '/api/admin/suggestions',
      { method: 'POST', json: pick(week, videoId, extra) },
      201,
    )
  ).pick;
}

const weekPicks = (week: string) =>
  t.db.select().from(suggestionPicks).where(eq(suggestionPicks.week, week)).orderBy(suggestionPicks.position);
const auditOf = (action: string) =>
  t.db.select().from(auditLog).where(like(auditLog.action, action)).orderBy(desc(auditLog.id));

describe('the admin screen is for super admins only', () => {
  it('refuses users and admins (403) and anonymous callers (401), writing nothing', async () => {
    const user = await t.createOnboardedUser();
    const admin = await t.createUser({ role: 'admin', profile: true });
    const week = unusedWeek();
    const callers = [
      [t.client(), 401],
      [user.client, 403],
      [admin.client, 403],
    ] as const;
    for (const [client, expected] of callers) {
      for (const [method, path, json] of [
        ['GET', '/api/admin/suggestions'],
        ['GET', '/api/admin/suggestions/lookup?url=https://youtu.be/manualEn001'],
        ['POST', '/api/admin/suggestions', pick(week)],
      ] as const) {
        expect((await client.request(path, { method, json })).status, `${method} ${path}`).toBe(expected);
      }
    }
    expect(await weekPicks(week)).toEqual([]);
  });
});

describe('adding a pick', () => {
  it('looks the link up through oEmbed (title, channel, thumbnail) or says to type the details', async () => {
    expect(await boss.client.json('/api/admin/suggestions/lookup?url=https://youtu.be/manualEn001')).toEqual({
      found: true,
      video: oembedDetails('manualEn001'),
      message: null,
    });
    expect(await boss.client.json('/api/admin/suggestions/lookup?url=https://youtu.be/goneVideo01')).toEqual({
      found: false,
      video: null,
      message: 'YouTube has no public video with this link. Type the video’s details by hand.',
    });
    const invalid = await boss.client.get('/api/admin/suggestions/lookup?url=https://youtu.be/short');
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error.message).toBe('url: Invalid YouTube URL');
  });

  it('saves it at the end of its week and records who added what in the audit log', async () => {
    const week = unusedWeek();
    await add(week, 'autoOnly001');
    const added = await add(week);
    expect(added).toMatchObject({
      week,
      position: 1,
      videoId: 'manualEn001',
      durationSeconds: 725,
      publishedOn: '2026-04-30',
      tags: ['pricing', 'bakery'],
    });
    const listed = await boss.client.json(`/api/admin/suggestions?week=${week}`);
    expect(listed.picks.map((p: { videoId: string }) => p.videoId)).toEqual(['autoOnly001', 'manualEn001']);
    expect(listed.weeks).toContainEqual({ week, picks: 2 });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.targetId, added.id));
    expect(entry).toMatchObject({
      actorId: boss.id,
      actorEmail: boss.email,
      action: 'suggestion.add',
      targetType: 'suggestion',
      after: expect.objectContaining({ videoId: 'manualEn001', note: 'The clearest take on a premium tier' }),
    });
  });

  it('refuses a link without an 11-character video id, and the same video twice in a week, saving nothing', async () => {
    const week = unusedWeek();
    const invalid = await boss.client.post('/api/admin/suggestions', pick(week, 'short'));
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).error).toMatchObject({ message: 'url: Invalid YouTube URL', field: 'url' });

    await add(week);
    const audited = (await auditOf('suggestion.%')).length;
    const twice = await boss.client.post(
      '/api/admin/suggestions',
      pick(week, 'manualEn001', { title: 'Again' }),
    );
    expect(twice.status).toBe(409);
    expect((await twice.json()).error.message).toMatch(/^This video is already a pick for the week of /);
    expect(await weekPicks(week)).toHaveLength(1);
    expect(await auditOf('suggestion.%')).toHaveLength(audited);
    // Another week may have it.
    await add(unusedWeek());
  });

  it('refuses a week that is not a Monday, a missing reason and an http image', async () => {
    for (const body of [
      pick('2026-05-05'),
      pick(unusedWeek(), 'manualEn001', { note: ' ' }),
      pick(unusedWeek(), 'manualEn001', { thumbnailUrl: 'http://example.com/x.jpg' }),
      pick(unusedWeek(), 'manualEn001', { duration: 'an hour' }),
    ]) {
      expect((await boss.client.post('/api/admin/suggestions', body)).status).toBe(400);
    }
  });
});

describe('editing, reordering and removing', () => {
  it('edits a pick, moving it to the end of another week, with before and after in the log', async () => {
    const week = unusedWeek();
    const target = unusedWeek();
    const edited = await add(week);
    await add(target, 'autoOnly001');
    const saved = await boss.client.json(`/api/admin/suggestions/${edited.id}`, {
      method: 'PUT',
      json: pick(target, 'manualEn001', { note: 'Even better on second watch', tags: [] }),
    });
    expect(saved.pick).toMatchObject({
      week: target,
      position: 1,
      note: 'Even better on second watch',
      tags: [],
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, edited.id))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({
      action: 'suggestion.update',
      before: expect.objectContaining({ week, note: 'The clearest take on a premium tier' }),
      after: expect.objectContaining({ week: target, note: 'Even better on second watch' }),
    });
  });

  it('refuses an edit that would put a video twice in a week, changing nothing', async () => {
    const week = unusedWeek();
    await add(week);
    const other = await add(week, 'autoOnly001');
    const response = await boss.client.put(`/api/admin/suggestions/${other.id}`, pick(week, 'manualEn001'));
    expect(response.status).toBe(409);
    expect((await weekPicks(week)).map((p) => p.videoId)).toEqual(['manualEn001', 'autoOnly001']);
    expect(
      (await boss.client.put('/api/admin/suggestions/00000000-0000-4000-8000-000000000000', pick(week)))
        .status,
    ).toBe(404);
  });

  it('reorders a week only with exactly its picks', async () => {
    const week = unusedWeek();
    const [a, b, c] = [
      await add(week, 'manualEn001'),
      await add(week, 'autoOnly001'),
      await add(week, 'frOnly00001'),
    ];
    const reordered = await boss.client.json('/api/admin/suggestions/order', {
      method: 'PUT',
      json: { week, ids: [c.id, a.id, b.id] },
    });
    expect(reordered.picks.map((p: { id: string }) => p.id)).toEqual([c.id, a.id, b.id]);
    const [entry] = await auditOf('suggestion.reorder');
    expect(entry).toMatchObject({
      targetType: 'suggestion_week',
      targetId: week,
      after: { order: [c.id, a.id, b.id] },
    });

    for (const ids of [
      [a.id, b.id],
      [a.id, b.id, b.id],
      [a.id, b.id, c.id, c.id],
    ]) {
      const refused = await boss.client.put('/api/admin/suggestions/order', { week, ids });
      expect(refused.status).toBe(409);
    }
    expect((await weekPicks(week)).map((p) => p.id)).toEqual([c.id, a.id, b.id]);
  });

  it('removes a pick, keeping what it was in the log', async () => {
    const week = unusedWeek();
    const removed = await add(week);
    await boss.client.json(`/api/admin/suggestions/${removed.id}`, { method: 'DELETE' });
    expect(await weekPicks(week)).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, removed.id))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({
      action: 'suggestion.remove',
      before: expect.objectContaining({ videoId: 'manualEn001' }),
    });
    expect(
      (await boss.client.request(`/api/admin/suggestions/${removed.id}`, { method: 'DELETE' })).status,
    ).toBe(404);
  });
});
