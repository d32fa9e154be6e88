import type { TestUser } from './test-app';

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
export async function waitFor<T>(probe: () => Promise<T | undefined>, attempts = 200): Promise<T> {
  for (let i = 0; i < attempts; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition not met');
}
