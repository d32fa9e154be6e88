import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DUPLICATE_SOURCE_MESSAGE,
  LAST_SOURCE_MESSAGE,
  MAX_CHAT_SOURCES,
  TOO_MANY_SOURCES_MESSAGE,
} from '../../../shared/schemas/sources';
import { formatTimestamp } from '../../../shared/timestamps';
import { MALFORMED_CAPTIONS_MESSAGE } from '../../../shared/transcript';
import { chatSources, libraryVideos, transcriptCache, videoPassages } from '../../db/schema';
import { createManualChat, startAppWithYouTubeFixture, type YouTubeFixture } from '../../testing/consult';
import type { TestApp, TestUser } from '../../testing/test-app';
import { readUiStream } from '../../testing/ui-stream';
import { addSource, passagesForChat, searchLibrary } from './sources.service';

let youtube: YouTubeFixture;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, youtube, close } = await startAppWithYouTubeFixture());
});
afterAll(() => close());

const PRICING = [
  '0:00',
  'Welcome to a talk on pricing a bakery.',
  '14:05',
  'Raise prices for the morning rush.',
].join('\n');
const LOYALTY = [
  '0:00',
  'Loyalty cards for cafes.',
  '2:30',
  'Stamp cards bring regulars back every week.',
].join('\n');
const VTT =
  'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nReferrals reward both sides.\n\n00:01:10.000 --> 00:01:15.000\nAsk happy customers first.\n';

const sourcesPath = (chatId: string) => `/api/chats/${chatId}/sources`;
const addVideo = (user: TestUser, chatId: string, body: unknown) =>
  user.client.post(sourcesPath(chatId), body);
const viewOf = (user: TestUser, chatId: string) => user.client.json(`/api/chats/${chatId}`);

/** Every row of the chat's sources and of all passages: what a refused request must leave as it was. */
async function stored(chatId: string) {
  const sources = await t.db.select().from(chatSources).where(eq(chatSources.chatId, chatId));
  const [videos] = await t.db.select({ n: count() }).from(libraryVideos);
  const [passages] = await t.db.select({ n: count() }).from(videoPassages);
  return { sources, videos: videos!.n, passages: passages!.n };
}

async function expectRefused(response: Response, status: number, code: string, message: string | RegExp) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.error.code).toBe(code);
  expect(body.error.message).toMatch(message);
}

describe("a consultation's sources", () => {
  it("lists a new chat's own video as source 1 with its title, link and length", async () => {
    const user = await t.createOnboardedUser();
    const { id } = await user.client.json(
      '/api/chats',
      { method: 'POST', json: { source: 'youtube', youtubeUrl: 'https://youtu.be/manualEn001' } },
      201,
    );
    const view = await viewOf(user, id);
    expect(view.sources).toEqual([
      expect.objectContaining({
        number: 1,
        title: 'Pricing for bakeries',
        youtubeUrl: 'https://www.youtube.com/watch?v=manualEn001',
        durationSeconds: 80,
        wordCount: 21,
        removedAt: null,
      }),
    ]);
  });

  it('adds a pasted transcript, a caption file and a YouTube link as sources 2, 3 and 4', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await createManualChat(user, PRICING);
    const pasted = await user.client.json(
      sourcesPath(chatId),
      { method: 'POST', json: { source: 'manual', transcript: LOYALTY } },
      201,
    );
    expect(pasted.source).toMatchObject({
      number: 2,
      title: 'Loyalty cards for cafes. Stamp cards bring regular',
      youtubeUrl: null,
      durationSeconds: 150,
    });
    const captions = await user.client.json(
      sourcesPath(chatId),
      {
        method: 'POST',
        json: {
          source: 'captions',
          fileName: 'referrals.vtt',
          content: VTT,
          youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ',
        },
      },
      201,
    );
    expect(captions.source).toMatchObject({
      number: 3,
      youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    const linked = await user.client.json(
      sourcesPath(chatId),
      {
        method: 'POST',
        json: { source: 'youtube', youtubeUrl: 'https://www.youtube.com/watch?v=autoOnly001' },
      },
      201,
    );
    expect(linked.source).toMatchObject({ number: 4, title: 'Auto captions' });

    const view = await viewOf(user, chatId);
    expect(view.sources.map((s: { number: number }) => s.number)).toEqual([1, 2, 3, 4]);
    // The chat itself is unchanged: its title, video and transcript are still its own.
    expect(view.chat.title).toBe('Welcome to a talk on pricing a bakery. Raise price');
    const found = await passagesForChat(t.db, chatId, 'stamp cards', 10_000);
    expect(found[0]).toMatchObject({
      matched: true,
      startSeconds: 150,
      text: 'Stamp cards bring regulars back every week.',
    });
  });

  it('answers a follow-up of stop words alone in a chat of two videos from the start of each', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await createManualChat(user, PRICING);
    await user.client.json(
      sourcesPath(chatId),
      { method: 'POST', json: { source: 'manual', transcript: LOYALTY } },
      201,
    );
    const found = await passagesForChat(t.db, chatId, 'what is it about?', 10_000);
    expect(found.map((p) => [p.matched, p.startSeconds, p.text])).toEqual([
      [false, 0, 'Welcome to a talk on pricing a bakery.'],
      [false, 0, 'Loyalty cards for cafes.'],
      [false, 845, 'Raise prices for the morning rush.'],
      [false, 150, 'Stamp cards bring regulars back every week.'],
    ]);
    const reply = await readUiStream(
      await user.client.post(`/api/chats/${chatId}/messages`, { content: 'what is it about?' }),
    );
    expect(reply.metadata).toMatchObject({ status: 'complete' });
    expect(reply.text).not.toBe('');
  });

  it(`refuses a ${MAX_CHAT_SOURCES + 1}st source, storing nothing`, async () => {
    const user = await t.createOnboardedUser();
    const chatId = await createManualChat(user, PRICING);
    for (let n = 2; n <= MAX_CHAT_SOURCES; n++) {
      await user.client.json(
        sourcesPath(chatId),
        { method: 'POST', json: { source: 'manual', transcript: `Talk number ${n}.` } },
        201,
      );
    }
    const before = await stored(chatId);
    const hitsBefore = youtube.hitsFor('manualEn001').length;
    await expectRefused(
      await addVideo(user, chatId, { source: 'manual', transcript: 'One too many.' }),
      409,
      'too_many_sources',
      TOO_MANY_SOURCES_MESSAGE,
    );
    // A link is refused before YouTube is asked.
    await expectRefused(
      await addVideo(user, chatId, { source: 'youtube', youtubeUrl: 'https://youtu.be/manualEn001' }),
      409,
      'too_many_sources',
      TOO_MANY_SOURCES_MESSAGE,
    );
    expect(youtube.hitsFor('manualEn001')).toHaveLength(hitsBefore);
    expect(await stored(chatId)).toEqual(before);
  });

  it('refuses a video the chat already has: the same link, or the same transcript', async () => {
    const user = await t.createOnboardedUser();
    const { id: chatId } = await user.client.json(
      '/api/chats',
      {
        method: 'POST',
        json: { source: 'manual', transcript: PRICING, youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' },
      },
      201,
    );
    const before = await stored(chatId);
    await expectRefused(
      await addVideo(user, chatId, {
        source: 'manual',
        transcript: LOYALTY,
        youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      }),
      409,
      'duplicate_source',
      DUPLICATE_SOURCE_MESSAGE,
    );
    await expectRefused(
      await addVideo(user, chatId, { source: 'manual', transcript: PRICING }),
      409,
      'duplicate_source',
      DUPLICATE_SOURCE_MESSAGE,
    );
    expect(await stored(chatId)).toEqual(before);
  });

  it('takes one of two adds at once: two videos into the last place, or the same video twice', async () => {
    const user = await t.createOnboardedUser();
    const addAtOnce = async (chatId: string, transcripts: string[]) => {
      const responses = await Promise.all(
        transcripts.map((transcript) => addVideo(user, chatId, { source: 'manual', transcript })),
      );
      const outcomes = await Promise.all(
        responses.map(async (r) => [r.status, r.status === 201 ? null : (await r.json()).error.code]),
      );
      return outcomes.sort();
    };
    const full = await createManualChat(user, PRICING);
    for (let n = 2; n < MAX_CHAT_SOURCES; n++) {
      await user.client.json(
        sourcesPath(full),
        { method: 'POST', json: { source: 'manual', transcript: `Talk number ${n}.` } },
        201,
      );
    }
    expect(await addAtOnce(full, ['The last place.', 'Another for the last place.'])).toEqual([
      [201, null],
      [409, 'too_many_sources'],
    ]);
    const numbers = (await stored(full)).sources.map((source) => source.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: MAX_CHAT_SOURCES }, (_, i) => i + 1));

    const twice = await createManualChat(user, PRICING);
    expect(await addAtOnce(twice, [LOYALTY, LOYALTY])).toEqual([
      [201, null],
      [409, 'duplicate_source'],
    ]);
    expect((await stored(twice)).sources).toHaveLength(2);
  });

  it('refuses a blank or oversized transcript and a malformed caption file, naming the problem', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await createManualChat(user, PRICING);
    const before = await stored(chatId);
    await expectRefused(
      await addVideo(user, chatId, { source: 'manual', transcript: '   \n ' }),
      400,
      'invalid_input',
      'transcript: Paste a transcript first',
    );
    await expectRefused(
      await addVideo(user, chatId, { source: 'manual', transcript: 'x'.repeat(500_001) }),
      400,
      'invalid_input',
      /transcript: Keep the transcript under 500,000 characters/,
    );
    await expectRefused(
      await addVideo(user, chatId, {
        source: 'captions',
        fileName: 'talk.srt',
        content: 'not a caption file',
      }),
      400,
      'invalid_input',
      MALFORMED_CAPTIONS_MESSAGE,
    );
    await expectRefused(
      await addVideo(user, chatId, { source: 'youtube', youtubeUrl: 'https://youtu.be/nope' }),
      400,
      'invalid_input',
      'youtubeUrl: Invalid YouTube URL',
    );
    expect(await stored(chatId)).toEqual(before);
  });

  it('stores nothing, and says so, when YouTube has no transcript for the video', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await createManualChat(user, PRICING);
    const before = await stored(chatId);
    const response = await addVideo(user, chatId, {
      source: 'youtube',
      youtubeUrl: 'https://youtu.be/noCaptions1',
    });
    expect(response.status).toBe(422);
    expect(await stored(chatId)).toEqual(before);
    expect(
      await t.db.select().from(transcriptCache).where(eq(transcriptCache.videoId, 'noCaptions1')),
    ).toEqual([]);
  });

  it('removes a source: kept for earlier citations, no longer searched; the last one stays', async () => {
    const user = await t.createOnboardedUser();
    const chatId = await createManualChat(user, PRICING);
    const { source } = await user.client.json(
      sourcesPath(chatId),
      { method: 'POST', json: { source: 'manual', transcript: LOYALTY } },
      201,
    );
    await user.client.json(`${sourcesPath(chatId)}/${source.id}`, { method: 'DELETE' });
    const view = await viewOf(user, chatId);
    expect(
      view.sources.map((s: { number: number; removedAt: string | null }) => [s.number, s.removedAt !== null]),
    ).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(
      (await passagesForChat(t.db, chatId, 'stamp cards', 10_000)).some((p) => p.text.includes('Stamp')),
    ).toBe(false);

    await expectRefused(
      await user.client.delete(`${sourcesPath(chatId)}/${source.id}`),
      404,
      'not_found',
      'Source not found',
    );
    await expectRefused(
      await user.client.delete(`${sourcesPath(chatId)}/${view.sources[0].id}`),
      409,
      'last_source',
      LAST_SOURCE_MESSAGE,
    );
    // A number is never given twice in a chat: the next video is source 3.
    const next = await user.client.json(
      sourcesPath(chatId),
      { method: 'POST', json: { source: 'manual', transcript: LOYALTY } },
      201,
    );
    expect(next.source.number).toBe(3);
  });

  it("lets no one else see, add to or remove from a user's chat, nor a deleted one", async () => {
    const owner = await t.createOnboardedUser();
    const other = await t.createOnboardedUser();
    const chatId = await createManualChat(owner, PRICING);
    const [first] = (await viewOf(owner, chatId)).sources;
    const before = await stored(chatId);
    await expectRefused(
      await addVideo(other, chatId, { source: 'manual', transcript: LOYALTY }),
      404,
      'not_found',
      'Chat not found',
    );
    await expectRefused(
      await other.client.delete(`${sourcesPath(chatId)}/${first.id}`),
      404,
      'not_found',
      'Chat not found',
    );
    await owner.client.json(`/api/chats/${chatId}`, { method: 'DELETE' });
    await expectRefused(
      await addVideo(owner, chatId, { source: 'manual', transcript: LOYALTY }),
      404,
      'not_found',
      'Chat not found',
    );
    expect((await stored(chatId)).sources).toEqual(before.sources);
  });
});

describe('searching a library', () => {
  const budget = 100_000;
  const texts = (found: { text: string }[]) => found.map((passage) => passage.text);

  it("finds the user's own videos only: never another user's, a deleted chat's or a removed source's", async () => {
    const maya = await t.createOnboardedUser();
    const leo = await t.createOnboardedUser();
    await createManualChat(maya, PRICING);
    await createManualChat(leo, 'Raise prices for the morning rush, says Leo.');
    const gone = await createManualChat(maya, 'Prices of espresso rise in the morning.');
    await maya.client.json(`/api/chats/${gone}`, { method: 'DELETE' });
    const kept = await createManualChat(maya, LOYALTY);
    const { source } = await maya.client.json(
      sourcesPath(kept),
      { method: 'POST', json: { source: 'manual', transcript: 'Morning prices rise for croissants.' } },
      201,
    );
    await maya.client.json(`${sourcesPath(kept)}/${source.id}`, { method: 'DELETE' });

    expect(
      texts(await searchLibrary(t.db, maya.id, 'When should I raise prices in the morning?', budget)),
    ).toEqual(['Raise prices for the morning rush.', 'Welcome to a talk on pricing a bakery.']);
    expect(
      texts(await searchLibrary(t.db, leo.id, 'When should I raise prices in the morning?', budget)),
    ).toEqual(['Raise prices for the morning rush, says Leo.']);
  });

  it('takes a video drawn on by two chats once, and finds nothing for a question of stop words', async () => {
    const user = await t.createOnboardedUser();
    await createManualChat(user, LOYALTY);
    await createManualChat(user, LOYALTY);
    expect(texts(await searchLibrary(t.db, user.id, 'stamp cards', budget))).toEqual([
      'Stamp cards bring regulars back every week.',
      'Loyalty cards for cafes.',
    ]);
    expect(await searchLibrary(t.db, user.id, 'what is it about?', budget)).toEqual([]);
    // Nothing typed is taken as query syntax.
    expect(
      texts(await searchLibrary(t.db, user.id, "'stamp' & !(cards | ) \\ o'reilly's :* <->", budget)),
    ).toEqual(['Stamp cards bring regulars back every week.', 'Loyalty cards for cafes.']);
  });

  it("matches a question with each video's language: a Spanish one by Spanish stems, an English one by English stems", async () => {
    const user = await t.createOnboardedUser();
    // Of unknown language, as every video stored before languages: indexed with English rules.
    const chatId = await createManualChat(user, PRICING);
    const segments = [
      { start: 0, duration: 40, text: 'Cobramos por el pan de masa madre.' },
      { start: 40, duration: 30, text: 'Hablamos con los clientes cada semana.' },
    ];
    await addSource(
      t.db,
      { chatId, userId: user.id },
      {
        transcript: segments.map((segment) => segment.text).join(' '),
        segments,
        videoId: null,
        youtubeUrl: null,
        title: null,
        language: 'es',
      },
    );
    // 'cobrar' and 'Cobramos' share only their Spanish stem; 'pricing' and 'prices' their English one.
    const spanish = '¿Cuándo debería cobrar?';
    const english = 'Should I raise my pricing in the mornings?';
    expect(texts(await searchLibrary(t.db, user.id, spanish, budget))).toEqual([
      'Cobramos por el pan de masa madre.',
    ]);
    expect(texts(await searchLibrary(t.db, user.id, english, budget))).toEqual([
      'Raise prices for the morning rush.',
      'Welcome to a talk on pricing a bakery.',
    ]);
    const matchedInChat = async (question: string) =>
      texts((await passagesForChat(t.db, chatId, question, budget)).filter((passage) => passage.matched));
    expect(await matchedInChat(spanish)).toEqual(['Cobramos por el pan de masa madre.']);
    expect(await matchedInChat(english)).toEqual([
      'Raise prices for the morning rush.',
      'Welcome to a talk on pricing a bakery.',
    ]);
  });

  it('prefers passages with more of the question’s words, best first, within the budget', async () => {
    const user = await t.createOnboardedUser();
    await createManualChat(
      user,
      [
        '0:00',
        'Pricing matters.',
        '0:40',
        'Pricing a subscription box for a bakery is about the weekly habit.',
        '1:20',
        'A subscription keeps customers.',
      ].join('\n'),
    );
    const found = await searchLibrary(t.db, user.id, 'pricing a bakery subscription', budget);
    expect(texts(found)[0]).toBe('Pricing a subscription box for a bakery is about the weekly habit.');
    const tight = await searchLibrary(t.db, user.id, 'pricing a bakery subscription', 90);
    expect(texts(tight)).toEqual(['Pricing a subscription box for a bakery is about the weekly habit.']);
  });

  it('ranks at most the first 300 passages of each pair or triple of common words, and still finds the one holding all', async () => {
    const user = await t.createOnboardedUser();
    const common = Array.from({ length: 400 }, (_, i) => [
      formatTimestamp(i * 40),
      `Bakery prices for croissants, note ${i}.`,
    ]);
    const best = [formatTimestamp(400 * 40), 'Raise bakery prices for croissants.'];
    await createManualChat(user, [...common, best].flat().join('\n'));
    const found = async (question: string) => texts(await searchLibrary(t.db, user.id, question, budget));
    // 401 passages hold 'bakery', 'prices' and 'croissants': the first 300 of them, and the best
    // (through its other triples), are ranked.
    const byTriples = await found('When should I raise bakery prices for croissants?');
    // One passage holds 'raise', 'bakery' and 'prices' (too few alone), so passages holding two of
    // them are taken: 401 hold 'bakery' and 'prices', of which the first 300 and the best are ranked.
    const byPairs = await found('When should I raise bakery prices?');
    for (const passages of [byTriples, byPairs]) {
      expect(passages[0]).toBe('Raise bakery prices for croissants.');
      expect(passages.length).toBeGreaterThanOrEqual(300);
      expect(passages.length).toBeLessThanOrEqual(301);
    }
  });
});
