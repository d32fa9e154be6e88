import { expect } from 'vitest';
import type { TestUser } from './test-app';

/** A card the local test checkout accepts. */
export const TEST_CARD = {
  name: 'Maya Okafor',
  cardNumber: '4242 4242 4242 4242',
  expiry: '12/34',
  cvc: '123',
};

/** The local checkout session id of a checkout URL. */
export const localSessionOf = (url: string) => new URL(url).searchParams.get('session')!;

/** Chooses a paid plan and pays the local test checkout with the test card; returns the session id. */
export async function subscribeWithTestCard(user: TestUser, planId = 'pro'): Promise<string> {
  const checkout = await user.client.json('/api/billing/checkout', { method: 'POST', json: { planId } });
  expect(checkout.kind).toBe('redirect');
  const sessionId = localSessionOf(checkout.url);
  await user.client.json(`/api/billing/test-checkout/${sessionId}/complete`, {
    method: 'POST',
    json: TEST_CARD,
  });
  return sessionId;
}

/** Reads a server-sent event stream until a text arrives. */
export function readEventStream(response: Response) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = '';
  return {
    async until(text: string) {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${text}`);
        received += value;
      }
    },
    close: () => reader.cancel(),
  };
}
