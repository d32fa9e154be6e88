import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_LIVE_SHARE_LINKS,
  TOO_MANY_SHARE_LINKS_MESSAGE,
  TRANSCRIPT_NOT_SHARED_NOTE,
} from '../../../shared/schemas/share';
import {
  chatMessages,
  chatSources,
  chats,
  libraryVideos,
  requestLimits,
  shareLinks,
  transcriptCache,
  videoPassages,
} from '../../db/schema';
import { createManualChat } from '../../testing/consult';
import { SAMPLE_PROFILE } from '../../testing/fixtures';
import { randomVideoId } from '../../testing/suggestions';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { readUiStream } from '../../testing/ui-stream';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SECRET_PROFILE_WORD = 'Zanzibarian';

/** An onboarded user (their business name is a secret word) with a chat answered twice. */
async function sharedChat(owner?: TestUser) {
  const user =
    owner ??
    (await t.createUser({
      freePlan: 'free',
      profile: { ...SAMPLE_PROFILE, businessName: `Bakery ${SECRET_PROFILE_WORD}` },
    }));
  const chatId = await createManualChat(
    user,
    '[00:05] Raise prices on sourdough boxes. [00:40] Offer a loyalty card.',
  );
  await readUiStream(await user.client.post(`/api/chats/${chatId}/first-reply`));
  await readUiStream(
    await user.client.post(`/api/chats/${chatId}/messages`, { content: 'What about loyalty?' }),
  );
  return { owner: user, chatId };
}

const tokenOf = (path: string) => path.split('/').at(-1)!;

describe('share links', () => {
  it('shares a snapshot anyone can read without cookies; later messages are not shared; revoking answers 404', async () => {
    const { owner, chatId } = await sharedChat();
    const before = await owner.client.json(`/api/chats/${chatId}`);
    const { link } = await owner.client.json(`/api/chats/${chatId}/share-links`, { method: 'POST' }, 201);
    expect(link).toMatchObject({ messageCount: before.messages.length });
    expect(link.path).toMatch(/^\/shared\/[A-Za-z0-9_-]{43}$/);
    expect(await owner.client.json(`/api/chats/${chatId}/share-links`)).toEqual({ links: [link] });

    // A message after sharing is not shared.
    await readUiStream(await owner.client.post(`/api/chats/${chatId}/messages`, { content: 'And pricing?' }));

    const anonymous = t.client();
    const response = await anonymous.request(`/api/shared/${tokenOf(link.path)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(response.headers.get('set-cookie')).toBeNull();
    const shared = await response.json();
    expect(shared.title).toBe(before.chat.title);
    expect(shared.messages).toEqual(
      before.messages.map((m: { id: string; role: string; content: string; status: string }) => ({
        id: m.id,
        role: m.role,
        content: m.content,
        status: m.status,
      })),
    );
    expect(shared.sources).toEqual([
      expect.objectContaining({ number: 1, title: before.sources[0].title, youtubeUrl: null }),
    ]);
    // Nothing of the owner besides what the answers say: no profile, no account, no usage.
    expect(Object.keys(shared).sort()).toEqual(['messages', 'sharedAt', 'sources', 'title', 'youtubeUrl']);
    const { messages: _answers, ...rest } = shared;
    for (const secret of [owner.email, owner.id, SECRET_PROFILE_WORD]) {
      expect(JSON.stringify(rest)).not.toContain(secret);
    }
    await owner.client.json(`/api/chats/${chatId}/share-links/${link.id}`, { method: 'DELETE' });
    expect((await anonymous.request(`/api/shared/${tokenOf(link.path)}`)).status).toBe(404);
    expect(await owner.client.json(`/api/chats/${chatId}/share-links`)).toEqual({ links: [] });
  });

  it('answers a revoked token, an unknown one and a malformed one alike: 404', async () => {
    const { owner, chatId } = await sharedChat();
    const { link } = await owner.client.json(`/api/chats/${chatId}/share-links`, { method: 'POST' }, 201);
    await owner.client.json(`/api/chats/${chatId}/share-links/${link.id}`, { method: 'DELETE' });
    const bodies = [];
    for (const token of [tokenOf(link.path), 'A'.repeat(43), 'not a token', '%00']) {
      const response = await t.client().request(`/api/shared/${encodeURIComponent(token)}`);
      expect(response.status).toBe(404);
      bodies.push(await response.json());
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
  });

  it("deleting the chat revokes every link; other users cannot list, make or revoke a chat's links", async () => {
    const { owner, chatId } = await sharedChat();
    const first = (await owner.client.json(`/api/chats/${chatId}/share-links`, { method: 'POST' }, 201)).link;
    const second = (await owner.client.json(`/api/chats/${chatId}/share-links`, { method: 'POST' }, 201))
      .link;
    expect(first.path).not.toBe(second.path);

    const stranger = await t.createOnboardedUser();
    expect((await stranger.client.get(`/api/chats/${chatId}/share-links`)).status).toBe(404);
    expect((await stranger.client.post(`/api/chats/${chatId}/share-links`)).status).toBe(404);
    expect((await stranger.client.delete(`/api/chats/${chatId}/share-links/${first.id}`)).status).toBe(404);
    expect((await t.client().post(`/api/chats/${chatId}/share-links`)).status).toBe(401);

    await owner.client.json(`/api/chats/${chatId}`, { method: 'DELETE' });
    for (const link of [first, second]) {
      expect((await t.client().request(`/api/shared/${tokenOf(link.path)}`)).status).toBe(404);
    }
    expect(await t.db.select().from(shareLinks).where(eq(shareLinks.chatId, chatId))).toEqual([]);
  });

  it('Save a copy of a link that lets copies keep the transcript: a new chat of the visitor’s own, transcript included', async () => {
    const { owner, chatId } = await sharedChat();
    await owner.client.json(
      `/api/chats/${chatId}/sources`,
      { method: 'POST', json: { source: 'manual', transcript: '[00:10] Sell gift boxes in December.' } },
      201,
    );
    const original = await owner.client.json(`/api/chats/${chatId}`);
    const { link } = await owner.client.json(
      `/api/chats/${chatId}/share-links`,
      { method: 'POST', json: { copiesKeepTranscript: true } },
      201,
    );
    expect(link.copiesKeepTranscript).toBe(true);
    const token = tokenOf(link.path);

    expect((await t.client().post(`/api/shared/${token}/copy`)).status).toBe(401);
    const visitor = await t.createOnboardedUser();
    const { id } = await visitor.client.json(`/api/shared/${token}/copy`, { method: 'POST' }, 201);
    expect(id).not.toBe(chatId);

    const copy = await visitor.client.json(`/api/chats/${id}`);
    expect(copy.readOnly).toBe(false);
    expect(copy.chat.title).toBe(original.chat.title);
    expect(copy.chat.transcript).toBe(original.chat.transcript);
    expect(copy.messages.map((m: { role: string; content: string }) => [m.role, m.content])).toEqual(
      original.messages.map((m: { role: string; content: string }) => [m.role, m.content]),
    );
    expect(copy.sources.map((s: { number: number; title: string }) => [s.number, s.title])).toEqual(
      original.sources.map((s: { number: number; title: string }) => [s.number, s.title]),
    );
    // The copy is the visitor's: no tokens spent, and they can go on asking in it.
    expect(copy.chat.totalTokens).toBe(0);
    await readUiStream(await visitor.client.post(`/api/chats/${id}/messages`, { content: 'Gift boxes?' }));
    const stored = await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, id));
    expect(stored.every((m) => m.userId === visitor.id)).toBe(true);
    // The owner's chat is untouched.
    expect((await owner.client.json(`/api/chats/${chatId}`)).messages).toHaveLength(original.messages.length);

    // A revoked link cannot be copied.
    await owner.client.json(`/api/chats/${chatId}/share-links/${link.id}`, { method: 'DELETE' });
    expect((await visitor.client.post(`/api/shared/${token}/copy`)).status).toBe(404);
  });

  it('a video added after sharing is neither on the shared page nor in a saved copy; the shared one is', async () => {
    const { owner, chatId } = await sharedChat();
    const { link } = await owner.client.json(
      `/api/chats/${chatId}/share-links`,
      { method: 'POST', json: { copiesKeepTranscript: true } },
      201,
    );
    const token = tokenOf(link.path);
    const sharedVideo = (await owner.client.json(`/api/chats/${chatId}`)).sources[0];
    const privateWord = 'Quillfeather';
    await owner.client.json(
      `/api/chats/${chatId}/sources`,
      {
        method: 'POST',
        json: { source: 'manual', transcript: `[00:10] ${privateWord} supplier margins, private.` },
      },
      201,
    );
    const added = (await owner.client.json(`/api/chats/${chatId}`)).sources[1];
    expect(added.title).toContain(privateWord);

    const shared = await t.client().json(`/api/shared/${token}`);
    expect(shared.sources.map((s: { number: number; title: string }) => [s.number, s.title])).toEqual([
      [1, sharedVideo.title],
    ]);
    expect(JSON.stringify(shared)).not.toContain(privateWord);

    const visitor = await t.createOnboardedUser();
    const { id } = await visitor.client.json(`/api/shared/${token}/copy`, { method: 'POST' }, 201);
    const copy = await visitor.client.json(`/api/chats/${id}`);
    expect(copy.sources.map((s: { number: number; title: string }) => [s.number, s.title])).toEqual([
      [1, sharedVideo.title],
    ]);
    expect(JSON.stringify(copy)).not.toContain(privateWord);
    const library = await t.db.select().from(libraryVideos).where(eq(libraryVideos.userId, visitor.id));
    expect(library.map((video) => video.transcript)).toEqual([expect.stringContaining('sourdough')]);
    expect(JSON.stringify(library)).not.toContain(privateWord);
  });
});

describe('Save a copy carries what the shared page shows, the pasted transcript only when allowed (decision 059)', () => {
  const PRIVATE_WORD = 'Marzipanquist';
  /** A pasted transcript whose first 50 characters (the shown title) leave out its private word. */
  const pasted = (topic: string) =>
    `[00:05] ${topic} for a small bakery, step by step today. [00:30] ${PRIVATE_WORD} supplier pays 41 days late.`;

  /** The copy's rows that can hold a transcript: the chat, its library videos and their passages. */
  async function transcriptRowsOf(visitor: TestUser, chatId: string) {
    const [chat] = await t.db
      .select({ transcript: chats.transcript, segments: chats.transcriptSegments })
      .from(chats)
      .where(eq(chats.id, chatId));
    const sources = await t.db
      .select({
        number: chatSources.number,
        libraryVideoId: chatSources.libraryVideoId,
        videoId: libraryVideos.videoId,
        youtubeUrl: libraryVideos.youtubeUrl,
        title: libraryVideos.title,
        transcript: libraryVideos.transcript,
        segments: libraryVideos.segments,
      })
      .from(chatSources)
      .innerJoin(libraryVideos, eq(libraryVideos.id, chatSources.libraryVideoId))
      .where(eq(chatSources.chatId, chatId))
      .orderBy(chatSources.number);
    const library = await t.db.select().from(libraryVideos).where(eq(libraryVideos.userId, visitor.id));
    const passages = await t.db
      .select({ text: videoPassages.text })
      .from(videoPassages)
      .where(
        inArray(
          videoPassages.libraryVideoId,
          library.map((video) => video.id),
        ),
      );
    return { chat: chat!, sources, library, passages };
  }

  it('by default a copy holds the messages and titles, never the pasted transcript, and can still be asked', async () => {
    const owner = await t.createOnboardedUser();
    const chatId = await createManualChat(owner, pasted('Pricing sourdough boxes'));
    await readUiStream(await owner.client.post(`/api/chats/${chatId}/first-reply`));
    const original = await owner.client.json(`/api/chats/${chatId}`);
    const { link } = await owner.client.json(`/api/chats/${chatId}/share-links`, { method: 'POST' }, 201);
    expect(link.copiesKeepTranscript).toBe(false);
    const shared = await t.client().json(`/api/shared/${tokenOf(link.path)}`);

    const visitor = await t.createOnboardedUser();
    const { id } = await visitor.client.json(
      `/api/shared/${tokenOf(link.path)}/copy`,
      { method: 'POST' },
      201,
    );
    const rows = await transcriptRowsOf(visitor, id);
    expect(rows.chat).toEqual({ transcript: TRANSCRIPT_NOT_SHARED_NOTE, segments: null });
    expect(rows.sources).toEqual([
      expect.objectContaining({
        number: 1,
        title: shared.sources[0].title,
        transcript: TRANSCRIPT_NOT_SHARED_NOTE,
        segments: null,
        videoId: null,
      }),
    ]);
    expect(rows.passages.map((passage) => passage.text)).toEqual([TRANSCRIPT_NOT_SHARED_NOTE]);
    expect(JSON.stringify(rows)).not.toContain(PRIVATE_WORD);

    // What the shared page showed is all there: the title and the messages.
    const copy = await visitor.client.json(`/api/chats/${id}`);
    expect(copy.chat.title).toBe(shared.title);
    expect(copy.sources.map((s: { title: string }) => s.title)).toEqual([shared.sources[0].title]);
    expect(copy.messages.map((m: { content: string }) => m.content)).toEqual(
      original.messages.map((m: { content: string }) => m.content),
    );
    // A follow-up is answered, from the shared messages (the model reads the note, not the transcript).
    const reply = await readUiStream(
      await visitor.client.post(`/api/chats/${id}/messages`, { content: 'What next?' }),
    );
    expect(reply.chunks.some((chunk) => chunk.type === 'error')).toBe(false);
    const stored = await t.db.select().from(chatMessages).where(eq(chatMessages.chatId, id));
    expect(stored.filter((m) => m.role === 'assistant').at(-1)?.status).toBe('complete');
  });

  it('a YouTube video is kept by its link: its transcript comes from the transcript cache, else the note', async () => {
    const [cachedVideo, uncachedVideo] = [randomVideoId(), randomVideoId()];
    await t.db.insert(transcriptCache).values({
      videoId: cachedVideo,
      title: 'Bakery pricing on YouTube',
      language: 'en',
      source: 'watch-page',
      segments: [{ text: 'Captions as YouTube gives them.', start: 0, duration: 4 }],
    });
    const owner = await t.createOnboardedUser();
    const { id: chatId } = await owner.client.json(
      '/api/chats',
      {
        method: 'POST',
        json: {
          source: 'manual',
          transcript: pasted('Bakery pricing'),
          youtubeUrl: `https://youtu.be/${cachedVideo}`,
        },
      },
      201,
    );
    await owner.client.json(
      `/api/chats/${chatId}/sources`,
      {
        method: 'POST',
        json: {
          source: 'manual',
          transcript: pasted('Loyalty cards'),
          youtubeUrl: `https://youtu.be/${uncachedVideo}`,
        },
      },
      201,
    );
    const { link } = await owner.client.json(`/api/chats/${chatId}/share-links`, { method: 'POST' }, 201);

    const visitor = await t.createOnboardedUser();
    const { id } = await visitor.client.json(
      `/api/shared/${tokenOf(link.path)}/copy`,
      { method: 'POST' },
      201,
    );
    const rows = await transcriptRowsOf(visitor, id);
    expect(rows.sources).toEqual([
      expect.objectContaining({
        number: 1,
        videoId: cachedVideo,
        youtubeUrl: `https://www.youtube.com/watch?v=${cachedVideo}`,
        transcript: 'Captions as YouTube gives them.',
      }),
      expect.objectContaining({
        number: 2,
        videoId: uncachedVideo,
        youtubeUrl: `https://www.youtube.com/watch?v=${uncachedVideo}`,
        transcript: TRANSCRIPT_NOT_SHARED_NOTE,
      }),
    ]);
    expect(rows.chat.transcript).toBe('Captions as YouTube gives them.');
    expect(JSON.stringify(rows)).not.toContain(PRIVATE_WORD);
  });

  it('when the owner lets copies keep it, the copy holds the pasted transcript, passages included', async () => {
    const owner = await t.createOnboardedUser();
    const chatId = await createManualChat(owner, pasted('Pricing sourdough boxes'));
    const { link } = await owner.client.json(
      `/api/chats/${chatId}/share-links`,
      { method: 'POST', json: { copiesKeepTranscript: true } },
      201,
    );
    const visitor = await t.createOnboardedUser();
    const { id } = await visitor.client.json(
      `/api/shared/${tokenOf(link.path)}/copy`,
      { method: 'POST' },
      201,
    );
    const rows = await transcriptRowsOf(visitor, id);
    expect(rows.chat.transcript).toContain(PRIVATE_WORD);
    expect(rows.sources[0]?.transcript).toContain(PRIVATE_WORD);
    expect(rows.passages.some((passage) => passage.text.includes(PRIVATE_WORD))).toBe(true);
  });

  it('refuses a choice that is not true or false, naming the field, and makes no link', async () => {
    const owner = await t.createOnboardedUser();
    const chatId = await createManualChat(owner, pasted('Pricing'));
    const response = await owner.client.post(`/api/chats/${chatId}/share-links`, {
      copiesKeepTranscript: 'yes',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.field).toBe('copiesKeepTranscript');
    expect(await t.db.select().from(shareLinks).where(eq(shareLinks.chatId, chatId))).toEqual([]);
  });
});

describe('live links per chat', () => {
  it(`a chat has at most ${MAX_LIVE_SHARE_LINKS} live links, even asked in parallel; revoking one makes room`, async () => {
    const owner = await t.createOnboardedUser();
    const chatId = await createManualChat(owner, 'A short talk on pricing.');
    const responses = await Promise.all(
      Array.from({ length: MAX_LIVE_SHARE_LINKS + 3 }, () =>
        owner.client.post(`/api/chats/${chatId}/share-links`, {}),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(MAX_LIVE_SHARE_LINKS);
    const refused = responses.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409]);
    expect(await refused[0]!.json()).toEqual({
      error: { code: 'too_many_share_links', message: TOO_MANY_SHARE_LINKS_MESSAGE },
    });
    const { links } = await owner.client.json(`/api/chats/${chatId}/share-links`);
    expect(links).toHaveLength(MAX_LIVE_SHARE_LINKS);

    // Another chat of the owner has its own count.
    const other = await createManualChat(owner, 'Another talk on loyalty.');
    expect((await owner.client.post(`/api/chats/${other}/share-links`, {})).status).toBe(201);
    await owner.client.json(`/api/chats/${chatId}/share-links/${links[0].id}`, { method: 'DELETE' });
    expect((await owner.client.post(`/api/chats/${chatId}/share-links`, {})).status).toBe(201);
    expect((await owner.client.post(`/api/chats/${chatId}/share-links`, {})).status).toBe(409);
  });
});

describe('shared page rate limit', () => {
  it('lets one address read 60 shared pages a minute, then answers 429 with Retry-After; others still read', async () => {
    const limited = await createTestApp({ RATE_LIMIT_ENABLED: 'true' });
    try {
      const owner = await limited.createOnboardedUser();
      const chatId = await createManualChat(owner, 'A short talk on pricing.');
      const { link } = await owner.client.json(`/api/chats/${chatId}/share-links`, { method: 'POST' }, 201);
      const reader = limited.client('203.0.113.7');
      for (let i = 0; i < 60; i++) {
        expect((await reader.request(`/api/shared/${tokenOf(link.path)}`)).status).toBe(200);
      }
      const refused = await reader.request(`/api/shared/${tokenOf(link.path)}`);
      expect(refused.status).toBe(429);
      expect((await refused.json()).error.code).toBe('rate_limited');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // Unknown tokens count too (guessing is limited), and another address has its own count.
      expect((await reader.request('/api/shared/guess')).status).toBe(429);
      expect((await limited.client('203.0.113.8').request(`/api/shared/${tokenOf(link.path)}`)).status).toBe(
        200,
      );
      const [counter] = await limited.db
        .select()
        .from(requestLimits)
        .where(and(eq(requestLimits.action, 'shared-read'), eq(requestLimits.subject, 'ip:203.0.113.7')));
      expect(counter?.count).toBe(62);
    } finally {
      await limited.close();
    }
  });
});
