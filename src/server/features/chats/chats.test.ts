import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthKey } from '../../../shared/dates';
import {
  HIGHLIGHT_END,
  HIGHLIGHT_START,
  RECENT_CHATS_LIMIT,
  SAVED_CHATS_PAGE_SIZE,
} from '../../../shared/schemas/chats';
import { chats, usageMonths } from '../../db/schema';
import { insertChat, insertMessage } from '../../testing/library-fixtures';
import { pdfText } from '../../testing/pdf-text';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

describe('recent chats', () => {
  it('lists the user’s own live chats newest first, without deleted ones or other users’', async () => {
    const user = await t.createOnboardedUser();
    const other = await t.createOnboardedUser();
    await insertChat(t, user.id, { title: 'Older', createdAt: minutesAgo(10), totalTokens: 120 });
    await insertChat(t, user.id, { title: null, createdAt: minutesAgo(5) });
    await insertChat(t, user.id, { title: 'Gone', deletedAt: new Date() });
    await insertChat(t, other.id, { title: 'Not mine' });

    const body = await user.client.json('/api/chats');
    expect(body.chats.map((chat: { title: string | null }) => chat.title)).toEqual([null, 'Older']);
    expect(body.chats[1]).toMatchObject({ totalTokens: 120 });
    expect(body.canStartConsultation).toBe(true);
    expect(body.hasMore).toBe(false);
  });

  it('shows the newest 50 and says when the library holds more (the dashboard then links to Saved Chats)', async () => {
    const user = await t.createOnboardedUser();
    for (let i = 0; i < RECENT_CHATS_LIMIT; i++) {
      await insertChat(t, user.id, { title: `Chat ${i}`, createdAt: minutesAgo(100 - i) });
    }
    await insertChat(t, user.id, { title: 'Deleted', deletedAt: new Date() });
    const full = await user.client.json('/api/chats');
    expect(full.chats).toHaveLength(RECENT_CHATS_LIMIT);
    expect(full.hasMore).toBe(false);

    await insertChat(t, user.id, { title: 'Oldest', createdAt: minutesAgo(500) });
    const more = await user.client.json('/api/chats');
    expect(more.chats).toHaveLength(RECENT_CHATS_LIMIT);
    expect(more.chats[0].title).toBe(`Chat ${RECENT_CHATS_LIMIT - 1}`);
    expect(more.chats.map((chat: { title: string }) => chat.title)).not.toContain('Oldest');
    expect(more.hasMore).toBe(true);
    const library = await user.client.json('/api/chats/search?page=3');
    expect(library.chats).toHaveLength(RECENT_CHATS_LIMIT + 1 - 2 * SAVED_CHATS_PAGE_SIZE);
    expect(library.chats.at(-1).title).toBe('Oldest');
  });

  it('says a consultation cannot start once this month’s usage is over the plan’s limit', async () => {
    const user = await t.createOnboardedUser();
    await t.db
      .insert(usageMonths)
      .values({ userId: user.id, month: monthKey(), tokens: 30_001, messages: 3 });
    expect((await user.client.json('/api/chats')).canStartConsultation).toBe(false);
    const admin = await t.createUser({ role: 'admin', profile: true });
    await t.db.insert(usageMonths).values({ userId: admin.id, month: monthKey(), tokens: 10_000_000 });
    expect((await admin.client.json('/api/chats')).canStartConsultation).toBe(true);
  });

  it('applies the onboarding gates', async () => {
    expect((await t.client().get('/api/chats')).status).toBe(401);
    const noProfile = await t.createUser();
    expect((await noProfile.client.json('/api/chats', {}, 403)).error.code).toBe('profile_required');
  });
});

describe('rename and delete', () => {
  it('renames the user’s own chat; another user’s chat is not found', async () => {
    const user = await t.createOnboardedUser();
    const other = await t.createOnboardedUser();
    const chat = await insertChat(t, user.id, { title: 'Draft' });
    expect(
      await user.client.json(`/api/chats/${chat.id}`, {
        method: 'PATCH',
        json: { title: '  Pricing plan ' },
      }),
    ).toEqual({ chat: { id: chat.id, title: 'Pricing plan' } });
    expect((await other.client.patch(`/api/chats/${chat.id}`, { title: 'Mine now' })).status).toBe(404);
    expect((await other.client.delete(`/api/chats/${chat.id}`)).status).toBe(404);
    const [row] = await t.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row).toMatchObject({ title: 'Pricing plan', deletedAt: null });
  });

  it('refuses blank and oversized titles and malformed ids', async () => {
    const user = await t.createOnboardedUser();
    const chat = await insertChat(t, user.id);
    expect((await user.client.patch(`/api/chats/${chat.id}`, { title: '   ' })).status).toBe(400);
    expect((await user.client.patch(`/api/chats/${chat.id}`, { title: 'x'.repeat(201) })).status).toBe(400);
    expect((await user.client.patch('/api/chats/42', { title: 'ok' })).status).toBe(400);
    expect(
      (await user.client.patch('/api/chats/00000000-0000-4000-8000-000000000000', { title: 'ok' })).status,
    ).toBe(404);
  });

  it('soft-deletes: the row stays, the chat leaves every list and cannot be renamed, exported or deleted again', async () => {
    const user = await t.createOnboardedUser();
    const chat = await insertChat(t, user.id, { title: 'Doomed' });
    expect(await user.client.json(`/api/chats/${chat.id}`, { method: 'DELETE' })).toEqual({ deleted: true });
    const [row] = await t.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect((await user.client.json('/api/chats')).chats).toEqual([]);
    expect((await user.client.json('/api/chats/search')).chats).toEqual([]);
    expect((await user.client.delete(`/api/chats/${chat.id}`)).status).toBe(404);
    expect((await user.client.patch(`/api/chats/${chat.id}`, { title: 'Back' })).status).toBe(404);
    expect((await user.client.get(`/api/chats/${chat.id}/export?format=md`)).status).toBe(404);
  });
});

describe('saved chats search', () => {
  let user: Awaited<ReturnType<TestApp['createOnboardedUser']>>;
  beforeAll(async () => {
    user = await t.createOnboardedUser();
    const other = await t.createOnboardedUser();
    await insertChat(t, user.id, {
      title: 'Growth ideas',
      transcript: 'Today we talk about referral programs and how bakeries can use them.',
      createdAt: minutesAgo(30),
    });
    const withMessage = await insertChat(t, user.id, {
      title: 'Pricing',
      transcript: 'Setting prices for a subscription box.',
      createdAt: minutesAgo(20),
    });
    await insertMessage(t, withMessage, 'user', 'What about sourdough loyalty cards?');
    await insertChat(t, user.id, {
      title: 'Deleted talk',
      transcript: 'Referral programs again, but this chat was deleted.',
      deletedAt: new Date(),
    });
    await insertChat(t, other.id, { title: 'Other', transcript: 'Referral programs for someone else.' });
  });

  const search = (q: string, page = 1) =>
    user.client.json(`/api/chats/search?q=${encodeURIComponent(q)}&page=${page}`);

  it('finds a word that appears only in a transcript, not in a deleted chat or another user’s', async () => {
    const result = await search('referral');
    expect(result.chats.map((chat: { title: string }) => chat.title)).toEqual(['Growth ideas']);
    const snippet: string = result.chats[0].snippet;
    expect(snippet).toContain(`${HIGHLIGHT_START}referral${HIGHLIGHT_END}`);
    expect(result).toMatchObject({ hasMore: false, page: 1 });
  });

  it('finds words in titles and in messages, with stemming, newest first', async () => {
    expect((await search('pricing')).chats.map((c: { title: string }) => c.title)).toEqual(['Pricing']);
    const byMessage = await search('loyalty card');
    expect(byMessage.chats.map((c: { title: string }) => c.title)).toEqual(['Pricing']);
    expect(byMessage.chats[0].snippet).toContain(`${HIGHLIGHT_START}loyalty${HIGHLIGHT_END}`);
    expect((await search('program OR sourdough')).chats.map((c: { title: string }) => c.title)).toEqual([
      'Pricing',
      'Growth ideas',
    ]);
  });

  it('answers malformed and odd searches with a result, never an error', async () => {
    for (const q of [
      '"unclosed',
      `'&|!:*()<>`,
      'the',
      '-',
      'referral -bakeries',
      '"referral programs"',
      '\\',
    ]) {
      const result = await search(q);
      expect(Array.isArray(result.chats)).toBe(true);
    }
    expect((await search('"referral programs"')).chats).toHaveLength(1);
    expect((await search('referral -bakeries')).chats).toHaveLength(0);
  });

  it('refuses a 10 KB search with a clear 400', async () => {
    const response = await user.client.get(`/api/chats/search?q=${'a'.repeat(10_240)}`);
    expect(response.status).toBe(400);
    expect((await response.json()).error.field).toBe('q');
  });

  it('lists every live chat newest first without a search, a page at a time', async () => {
    const paged = await t.createOnboardedUser();
    for (let i = 0; i < 21; i++)
      await insertChat(t, paged.id, { title: `Chat ${i}`, createdAt: minutesAgo(100 - i) });
    const first = await paged.client.json('/api/chats/search');
    expect(first.chats).toHaveLength(20);
    expect(first.chats[0]).toMatchObject({ title: 'Chat 20', snippet: null });
    expect(first.hasMore).toBe(true);
    const second = await paged.client.json('/api/chats/search?page=2');
    expect(second.chats.map((c: { title: string }) => c.title)).toEqual(['Chat 0']);
    expect(second.hasMore).toBe(false);
    expect((await paged.client.get('/api/chats/search?page=0')).status).toBe(400);
    expect((await paged.client.get('/api/chats/search?page=abc')).status).toBe(400);
  });
});

describe('export', () => {
  it('exports the consultation as Markdown and as a PDF holding the same text', async () => {
    const user = await t.createOnboardedUser();
    const chat = await insertChat(t, user.id, {
      title: 'Bakery growth: next steps!',
      youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      transcript: 'Referral programs turn customers into marketers.',
      totalTokens: 1234,
    });
    await insertMessage(t, chat, 'user', 'How do I start a referral program?', minutesAgo(2));
    await insertMessage(t, chat, 'assistant', '## Plan\n- Offer a **free loaf** per referral', minutesAgo(1));

    const md = await user.client.get(`/api/chats/${chat.id}/export?format=md`);
    expect(md.status).toBe(200);
    expect(md.headers.get('content-type')).toContain('text/markdown');
    expect(md.headers.get('content-disposition')).toBe('attachment; filename="bakery-growth-next-steps.md"');
    const markdown = await md.text();
    expect(markdown).toContain('# Bakery growth: next steps!');
    expect(markdown).toContain('- Video: https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(markdown).toContain('### You\n\nHow do I start a referral program?');
    expect(markdown).toContain('### Vidvisor\n\n## Plan\n- Offer a **free loaf** per referral');
    expect(markdown).toContain('## Transcript\n\nReferral programs turn customers into marketers.');

    const pdf = await user.client.get(`/api/chats/${chat.id}/export?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(bytes);
    expect(text).toContain('Bakery growth: next steps!');
    expect(text).toContain('How do I start a referral program?');
    expect(text).toContain('• Offer a free loaf per referral');
    expect(text).toContain('Referral programs turn customers into marketers.');
  });

  it('lists the videos of a consultation of several, with its changes, and links every citation', async () => {
    const user = await t.createOnboardedUser();
    const { id } = await user.client.json(
      '/api/chats',
      {
        method: 'POST',
        json: {
          source: 'manual',
          transcript: '0:00\nPricing a bakery.\n0:40\nRaise prices for the morning rush.',
          youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
        },
      },
      201,
    );
    await insertMessage(t, { id, userId: user.id }, 'user', 'What should I change first?', minutesAgo(3));
    await insertMessage(t, { id, userId: user.id }, 'assistant', 'Start at [00:40].', minutesAgo(2));
    await user.client.json(
      `/api/chats/${id}/sources`,
      {
        method: 'POST',
        json: {
          source: 'manual',
          transcript: '0:00\nLoyalty cards for cafes.\n2:30\nStamp cards bring regulars back.',
          youtubeUrl: 'https://youtu.be/manualEn001',
        },
      },
      201,
    );
    await insertMessage(t, { id, userId: user.id }, 'assistant', 'Pair [V1 00:40] with [V2 02:30].');

    const markdown = await (await user.client.get(`/api/chats/${id}/export?format=md`)).text();
    const own = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
    const added = 'https://www.youtube.com/watch?v=manualEn001';
    expect(markdown).toContain(
      `## Videos\n\n- V1: Pricing a bakery. Raise prices for the morning rus (00:40): ${own}\n- V2: Loyalty cards for cafes. Stamp cards bring regular (02:30): ${added}`,
    );
    expect(markdown).toContain(`Start at [[00:40]](${own}&t=40s).\n\n_Added video V2: Loyalty cards`);
    expect(markdown).toContain(
      `Pair [[V1 00:40]](${own}&t=40s "Pricing a bakery. Raise prices for the morning rus at 00:40") with [[V2 02:30]](${added}&t=150s "Loyalty cards for cafes. Stamp cards bring regular at 02:30").`,
    );
    expect(markdown).toContain('## Transcripts\n\n### V1: Pricing a bakery.');
    expect(markdown).toContain(
      '### V2: Loyalty cards for cafes. Stamp cards bring regular\n\nLoyalty cards for cafes. Stamp cards bring regulars back.',
    );

    const pdf = Buffer.from(
      await (await user.client.get(`/api/chats/${id}/export?format=pdf`)).arrayBuffer(),
    );
    const text = pdfText(pdf);
    expect(text).toContain('Added video V2: Loyalty cards for cafes.');
    expect(text).toContain('[V2 02:30]');
    expect(pdf.toString('latin1')).toContain(`/URI (${added}&t=150s)`);
  });

  it('exports text outside the PDF fonts without failing, and refuses unknown formats', async () => {
    const user = await t.createOnboardedUser();
    const chat = await insertChat(t, user.id, { title: '增长 🚀', transcript: 'Ünïcödé and 日本語 text' });
    const pdf = await user.client.get(`/api/chats/${chat.id}/export?format=pdf`);
    expect(pdf.status).toBe(200);
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('Ünïcödé and ??? text');
    const md = await user.client.get(`/api/chats/${chat.id}/export?format=md`);
    expect(await md.text()).toContain('# 增长 🚀');
    expect((await user.client.get(`/api/chats/${chat.id}/export?format=docx`)).status).toBe(400);
    const other = await t.createOnboardedUser();
    expect((await other.client.get(`/api/chats/${chat.id}/export?format=md`)).status).toBe(404);
  });
});
