import { startOpenAiStub } from '../../../scripts/lib/openai-stub.mjs';
import type { Executor } from '../db/client';
import { generationLeases } from '../db/schema';
import { createTestApp, type TestApp, type TestUser } from './test-app';
import { startYouTubeFixture } from './youtube-fixture';

/** Creates a consultation from a pasted transcript; returns its id. */
export async function createManualChat(user: TestUser, transcript: string): Promise<string> {
  const { id } = await user.client.json(
    '/api/chats',
    { method: 'POST', json: { source: 'manual', transcript } },
    201,
  );
  return id;
}

/** Polls until `probe` gives a value (work that ends after the response, like saving a stopped reply). */
/** The user presses Stop on the chat's live answer: resolves once what arrived is saved. */
export async function stopReply(user: TestUser, chatId: string): Promise<void> {
  const response = await user.client.request(`/api/chats/${chatId}/stop`, { method: 'POST' });
  if (response.status !== 200) throw new Error(`stop answered ${response.status}: ${await response.text()}`);
}

export async function waitFor<T>(probe: () => Promise<T | undefined>, attempts = 200): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition not met');
}

/** Waits until every reply in flight is saved (its lease released with the answer, in one statement). */
export async function settleReplies(db: Executor): Promise<void> {
  await waitFor(async () => {
    const [held] = await db.select({ userId: generationLeases.userId }).from(generationLeases).limit(1);
    return held ? undefined : true;
  });
}

export type OpenAiStub = Awaited<ReturnType<typeof startOpenAiStub>>;

/** The app answering through a local OpenAI-compatible stub: the provider faked at the network edge only. */
export async function startAppWithOpenAiStub(...[env, options]: Parameters<typeof createTestApp>) {
  const stub = await startOpenAiStub();
  const t = await createTestApp(
    { ...env, OPENAI_API_KEY: 'test-openai-key', OPENAI_BASE_URL: stub.baseURL },
    options,
  );
  const close = async () => {
    await t.close();
    await stub.close();
  };
  return { t, stub, close };
}

export type YouTubeFixture = Awaited<ReturnType<typeof startYouTubeFixture>>;

/** The app reading YouTube from a local fixture: YouTube faked at the network edge only. */
export async function startAppWithYouTubeFixture(): Promise<{
  t: TestApp;
  youtube: YouTubeFixture;
  close: () => Promise<void>;
}> {
  const youtube = await startYouTubeFixture();
  const t = await createTestApp({ YOUTUBE_BASE_URL: youtube.baseURL });
  const close = async () => {
    await t.close();
    await youtube.close();
  };
  return { t, youtube, close };
}
