import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PRICING = [
  '0:00',
  'Welcome to a talk on pricing a bakery.',
  '2:05',
  'Raise prices for the morning rush.',
];
const LOYALTY = 'Loyalty cards for cafes bring regulars back every week, a pasted talk without times.';

describe("a consultation's transcript beside its player", () => {
  it('lists each video with the YouTube video it plays and its passages from their start times', async () => {
    const user = await t.createOnboardedUser();
    const { id: chatId } = await user.client.json(
      '/api/chats',
      {
        method: 'POST',
        json: {
          source: 'manual',
          transcript: PRICING.join('\n'),
          youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
        },
      },
      201,
    );
    await user.client.json(
      `/api/chats/${chatId}/sources`,
      { method: 'POST', json: { source: 'manual', transcript: LOYALTY } },
      201,
    );

    const { videos } = await user.client.json(`/api/chats/${chatId}/transcript`);
    expect(videos).toHaveLength(2);
    expect(videos[0]).toMatchObject({
      number: 1,
      youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      videoId: 'dQw4w9WgXcQ',
      removed: false,
    });
    const starts = videos[0].passages.map((passage: { start: number | null }) => passage.start);
    expect(starts[0]).toBe(0);
    expect(starts).toContain(125);
    expect(videos[0].passages.map((p: { text: string }) => p.text).join(' ')).toContain('morning rush');
    // A pasted transcript without a link: no video to play, its passages still listed (untimed).
    expect(videos[1]).toMatchObject({ number: 2, youtubeUrl: null, videoId: null, removed: false });
    expect(videos[1].passages).toEqual([{ start: null, text: LOYALTY }]);
  });

  it("is nobody else's: another user's chat is 404, and a bad id or query names the field", async () => {
    const owner = await t.createOnboardedUser();
    const stranger = await t.createOnboardedUser();
    const { id: chatId } = await owner.client.json(
      '/api/chats',
      { method: 'POST', json: { source: 'manual', transcript: PRICING.join('\n') } },
      201,
    );
    const hidden = await stranger.client.get(`/api/chats/${chatId}/transcript`);
    expect(hidden.status).toBe(404);
    expect((await hidden.json()).error.code).toBe('not_found');
    // Only super admins read another's chat with ?ia=1.
    expect((await stranger.client.get(`/api/chats/${chatId}/transcript?ia=1`)).status).toBe(404);

    const badId = await owner.client.get('/api/chats/not-a-chat/transcript');
    expect(badId.status).toBe(400);
    expect((await badId.json()).error.message).toMatch(/chatId/);
    const badQuery = await owner.client.get(`/api/chats/${chatId}/transcript?ia=yes`);
    expect(badQuery.status).toBe(400);
    expect((await badQuery.json()).error.message).toMatch(/ia/);
  });
});
