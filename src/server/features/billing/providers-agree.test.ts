import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents } from '../../db/schema';
import { subscribeWithTestCard } from '../../testing/billing';
import {
  type FakeStripe,
  startFakeStripe,
  stripeTestEnv,
  TEST_WEBHOOK_SECRET,
} from '../../testing/fake-stripe';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';

/**
 * The local provider stands in for Stripe: the same journey through each must end in the same state
 * (the subscription as the user sees it, the gate, and the kinds of billing events recorded).
 */

/** Only for its webhook test-header helper. */
const signer = new Stripe('unused-signer-key');

let local: TestApp;
let stripe: TestApp;
let fake: FakeStripe;

beforeAll(async () => {
  fake = await startFakeStripe();
  local = await createTestApp();
  stripe = await createTestApp(stripeTestEnv(fake));
});
afterAll(async () => {
  await local.close();
  await stripe.close();
  await fake.close();
});

/** Stripe's signed webhook call, as it follows each change on its side. */
async function deliver(type: string, object: Record<string, unknown>) {
  const payload = JSON.stringify(fake.event(type, object));
  const response = await stripe.app.request('/api/billing/webhook', {
    method: 'POST',
    headers: {
      'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET }),
    },
    body: payload,
  });
  expect(response.status).toBe(200);
}

const latestStripeSubscription = () => [...fake.subscriptions.values()].at(-1)!;
const stripeSubscriptionUpdated = () => deliver('customer.subscription.updated', latestStripeSubscription());

async function payThroughStripe(user: TestUser) {
  const { url } = await user.client.json('/api/billing/checkout', {
    method: 'POST',
    json: { planId: 'pro' },
  });
  const sessionId = url.split('/').pop()!;
  const session = fake.completeCheckout(sessionId);
  await user.client.json('/api/billing/checkout/verify', { method: 'POST', json: { sessionId } });
  await deliver('checkout.session.completed', session);
  await deliver('customer.subscription.created', latestStripeSubscription());
}

const view = (s: Record<string, unknown>) => ({
  planId: s.planId,
  planName: s.planName,
  status: s.status,
  active: s.active,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
});

/** Subscribe to Pro, cancel, resume, move to Premium (Annual); returns what the user and the database say. */
async function journey(t: TestApp, pay: (user: TestUser) => Promise<unknown>, afterChange = async () => {}) {
  const user = await t.createUser({ profile: true });
  const subscription = async () => (await user.client.json('/api/billing/subscription')).subscription;
  await pay(user);
  const first = await subscription();
  const act = async (action: 'cancel' | 'resume') => {
    await user.client.json(`/api/billing/subscription/${action}`, {
      method: 'POST',
      json: { subscriptionId: first.id },
    });
    await afterChange();
  };
  await act('cancel');
  const cancelled = await subscription();
  await act('resume');
  await user.client.json('/api/billing/checkout', { method: 'POST', json: { planId: 'premium_annual' } });
  await afterChange();
  const final = await subscription();
  const me = await user.client.json('/api/me');
  const events = await t.db
    .select({ type: billingEvents.type })
    .from(billingEvents)
    .where(eq(billingEvents.userId, user.id));
  return {
    first: view(first),
    cancelled: view(cancelled),
    final: view(final),
    gate: me.gate,
    plan: me.plan,
    eventTypes: [...new Set(events.map((e) => e.type))].sort(),
  };
}

describe('local and Stripe providers', () => {
  it('end in the same state after the same journey', async () => {
    const viaLocal = await journey(local, (user) => subscribeWithTestCard(user, 'pro'));
    const viaStripe = await journey(stripe, payThroughStripe, stripeSubscriptionUpdated);
    expect(viaLocal.first).toMatchObject({ planId: 'pro', status: 'trialing', active: true });
    expect(viaLocal.cancelled).toMatchObject({ cancelAtPeriodEnd: true, active: true });
    expect(viaLocal.final).toMatchObject({ planId: 'premium_annual', cancelAtPeriodEnd: false });
    expect(viaLocal.gate).toBe('passed');
    expect(viaStripe).toEqual(viaLocal);
  });
});
