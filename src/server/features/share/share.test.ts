import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, libraryVideos, requestLimits, shareLinks } from '../../db/schema';
import { createManualChat } from '../../testing/consult';
import { SAMPLE_PROFILE } from '../../testing/fixtures';
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

  it('Save a copy: a signed-in visitor gets the shared consultation as a new chat of their own', async () => {
    const { owner, chatId } = await sharedChat();
    await owner.client.json(
      `/api/chats/${chatId}/sources`,
      { method: 'POST', json: { source: 'manual', transcript: '[00:10] Sell gift boxes in December.' } },
      201,
    );
    const original = await owner.client.json(`/api/chats/${chatId}`);
    const { link } = await owner.client.json(`/api/chats/${chatId}/share-links`, { method: 'POST' }, 201);
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
    const { link } = await owner.client.json(`/api/chats/${chatId}/share-links`, { method: 'POST' }, 201);
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
