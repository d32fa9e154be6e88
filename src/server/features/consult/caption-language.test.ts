import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chats, libraryVideos } from '../../db/schema';
import { startAppWithYouTubeFixture } from '../../testing/consult';
import type { TestApp, TestUser } from '../../testing/test-app';

/** The intake's caption tracks and every video's language: chosen, detected, stated, refused. */

let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ t, close } = await startAppWithYouTubeFixture());
});
afterAll(() => close());

const SPANISH_VIDEO = 'https://www.youtube.com/watch?v=spanishEs01';
const SPANISH =
  'Bienvenidos de nuevo al canal. Hoy hablamos de precios y de cómo retener a los mejores clientes de una panadería.';
const RUSSIAN_VTT =
  'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nСегодня мы поговорим о ценах.\n\n00:00:05.000 --> 00:00:09.000\nКак удержать лучших клиентов пекарни.\n';

/** The stored video of a chat (its source 1) and what the sources panel says of it. */
async function videoOf(user: TestUser, chatId: string) {
  const [chat] = await t.db.select({ transcript: chats.transcript }).from(chats).where(eq(chats.id, chatId));
  const [stored] = await t.db
    .select({ language: libraryVideos.language })
    .from(libraryVideos)
    .where(eq(libraryVideos.userId, user.id))
    .orderBy(libraryVideos.createdAt);
  const view = await user.client.json(`/api/chats/${chatId}`);
  return { transcript: chat!.transcript, stored: stored!.language, shown: view.sources[0].language };
}

const create = (user: TestUser, body: Record<string, unknown>) =>
  user.client.json('/api/chats', { method: 'POST', json: body }, 201) as Promise<{ id: string }>;

async function rowCounts() {
  const [chatRows] = await t.db.select({ n: count() }).from(chats);
  const [videoRows] = await t.db.select({ n: count() }).from(libraryVideos);
  return { chats: chatRows!.n, videos: videoRows!.n };
}

async function expectError(response: Response, status: number, code: string, field: string) {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  expect(body.error).toMatchObject({ code, field });
  expect(body.error.message).toMatch(/\S/);
}

describe('caption tracks in the intake', () => {
  it("offers a video's tracks, named, the automatic one marked, defaulting to the uploader's Spanish", async () => {
    const user = await t.createOnboardedUser();
    const listed = await user.client.json(
      `/api/caption-tracks?youtubeUrl=${encodeURIComponent(SPANISH_VIDEO)}`,
    );
    expect(listed).toEqual({
      tracks: [
        { id: 'a.en', language: 'en', name: 'English', auto: true },
        { id: '.es', language: 'es', name: 'Spanish', auto: false },
      ],
      defaultTrackId: '.es',
    });
  });

  it('offers no tracks when YouTube will not list them, and refuses a link that is not YouTube', async () => {
    const user = await t.createOnboardedUser();
    expect(await user.client.json('/api/caption-tracks?youtubeUrl=https://youtu.be/blocked0001')).toEqual({
      tracks: [],
      defaultTrackId: null,
    });
    await expectError(
      await user.client.get('/api/caption-tracks?youtubeUrl=https://example.com/watch'),
      400,
      'invalid_input',
      'youtubeUrl',
    );
  });

  it("stores the default track's transcript and language, shown with the video", async () => {
    const user = await t.createOnboardedUser();
    const { id } = await create(user, { source: 'youtube', youtubeUrl: SPANISH_VIDEO });
    expect(await videoOf(user, id)).toEqual({
      transcript: expect.stringContaining('Welcome back to the channel (es)'),
      stored: 'es',
      shown: 'es',
    });
  });

  it('stores the track the user picked, never the text of another track', async () => {
    const user = await t.createOnboardedUser();
    const { id } = await create(user, { source: 'youtube', youtubeUrl: SPANISH_VIDEO, trackId: 'a.en' });
    const video = await videoOf(user, id);
    expect(video).toMatchObject({ stored: 'en', shown: 'en' });
    expect(video.transcript).toContain('Welcome back to the channel (en auto)');
    expect(video.transcript).not.toContain('(es)');
  });

  it('adds a video to a consultation with its picked track and language', async () => {
    const user = await t.createOnboardedUser();
    const { id } = await create(user, { source: 'manual', transcript: SPANISH });
    const { source } = await user.client.json(
      `/api/chats/${id}/sources`,
      { method: 'POST', json: { source: 'youtube', youtubeUrl: SPANISH_VIDEO, trackId: 'a.en' } },
      201,
    );
    expect(source).toMatchObject({ number: 2, language: 'en' });
  });

  it('refuses a track the video does not have, or a malformed one, storing nothing', async () => {
    const user = await t.createOnboardedUser();
    const before = await rowCounts();
    await expectError(
      await user.client.post('/api/chats', { source: 'youtube', youtubeUrl: SPANISH_VIDEO, trackId: '.de' }),
      422,
      'unknown_caption_track',
      'trackId',
    );
    await expectError(
      await user.client.post('/api/chats', { source: 'youtube', youtubeUrl: SPANISH_VIDEO, trackId: 'es' }),
      400,
      'invalid_input',
      'trackId',
    );
    expect(await rowCounts()).toEqual(before);
  });
});

describe('the language of a pasted transcript or a caption file', () => {
  it('is detected when the user does not say, and stored as the user confirmed it otherwise', async () => {
    const user = await t.createOnboardedUser();
    const detected = await create(user, { source: 'manual', transcript: SPANISH });
    expect((await videoOf(user, detected.id)).stored).toBe('es');

    const other = await t.createOnboardedUser();
    const stated = await create(other, { source: 'manual', transcript: SPANISH, language: 'pt' });
    expect(await videoOf(other, stated.id)).toMatchObject({ stored: 'pt', shown: 'pt' });

    const third = await t.createOnboardedUser();
    const unlisted = await create(third, { source: 'manual', transcript: SPANISH, language: null });
    expect(await videoOf(third, unlisted.id)).toMatchObject({ stored: null, shown: null });
  });

  it('is kept for a caption file in its script, and dropped (searched as written) when the script contradicts it', async () => {
    const user = await t.createOnboardedUser();
    const russian = await create(user, {
      source: 'captions',
      fileName: 'talk.vtt',
      content: RUSSIAN_VTT,
      language: 'ru',
    });
    expect((await videoOf(user, russian.id)).stored).toBe('ru');

    const other = await t.createOnboardedUser();
    const mislabelled = await create(other, {
      source: 'captions',
      fileName: 'talk.vtt',
      content: RUSSIAN_VTT,
      language: 'es',
    });
    const video = await videoOf(other, mislabelled.id);
    expect(video).toMatchObject({ stored: null, shown: null });
    expect(video.transcript).toContain('Сегодня мы поговорим о ценах.');
  });

  it('refuses a language code not on the list, naming the field, storing nothing', async () => {
    const user = await t.createOnboardedUser();
    const before = await rowCounts();
    for (const language of ['xx', 'english', 'sv', 42]) {
      await expectError(
        await user.client.post('/api/chats', { source: 'manual', transcript: SPANISH, language }),
        400,
        'invalid_input',
        'language',
      );
    }
    await expectError(
      await user.client.post('/api/chats', {
        source: 'captions',
        fileName: 'talk.vtt',
        content: RUSSIAN_VTT,
        language: 'xx',
      }),
      400,
      'invalid_input',
      'language',
    );
    expect(await rowCounts()).toEqual(before);
  });
});
