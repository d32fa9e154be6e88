import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingEvents, subscriptions, users } from '../../db/schema';
import {
  type FakeStripe,
  startFakeStripe,
  stripeTestEnv,
  TEST_WEBHOOK_SECRET,
} from '../../testing/fake-stripe';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';

let t: TestApp;
let fake: FakeStripe;
/** Only for its webhook test-header helper: the app's own client talks to the fake server. */
const signer = new Stripe('unused-signer-key');

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp(stripeTestEnv(fake));
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const sessionIdOf = (url: string) => url.split('/').pop()!;
const lastRequest = (method: string, path: RegExp) =>
  fake.requests.filter((r) => r.method === method && path.test(r.path)).at(-1)!;

/** Stripe's call to our webhook: no cookie, no Origin, signed over the raw body. */
function deliver(event: object, secret = TEST_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.request('/api/billing/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

async function checkout(user: TestUser, planId = 'pro') {
  const result = await user.client.json('/api/billing/checkout', { method: 'POST', json: { planId } });
  expect(result.kind).toBe('redirect');
  return sessionIdOf(result.url);
}

/** Checkout, pay on "Stripe's page", return with the session id. */
async function subscribe(user: TestUser, planId = 'pro') {
  const sessionId = await checkout(user, planId);
  fake.completeCheckout(sessionId);
  await user.client.json('/api/billing/checkout/verify', { method: 'POST', json: { sessionId } });
  const row = (await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id)))[0]!;
  return fake.subscriptions.get(row.providerSubscriptionId)!;
}

const subscriptionOf = async (user: TestUser) =>
  (await user.client.json('/api/billing/subscription')).subscription;

describe('Stripe checkout', () => {
  it('creates the customer on first need (name from the e-mail), then a subscription Checkout with a trial', async () => {
    const user = await t.createUser({ profile: true });
    await t.db.update(users).set({ firstName: null, lastName: null }).where(eq(users.id, user.id));
    const result = await user.client.json('/api/billing/checkout', {
      method: 'POST',
      json: { planId: 'pro' },
    });
    expect(result.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);

    const customer = lastRequest('POST', /^\/v1\/customers$/).body;
    expect(customer).toMatchObject({
      email: user.email,
      name: user.email.split('@')[0],
      metadata: { userId: user.id },
    });
    const session = lastRequest('POST', /^\/v1\/checkout\/sessions$/).body;
    expect(session).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_pro', quantity: '1' }],
      subscription_data: { trial_period_days: '7' },
      success_url: 'http://localhost:3000/onboarding?session_id={CHECKOUT_SESSION_ID}',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.billingCustomerId).toBe(session.customer);
  });

  it('the returned session id applies the subscription and its card, so the gate opens at once', async () => {
    const user = await t.createUser({ profile: true });
    const sessionId = await checkout(user);
    const open = await user.client.json('/api/billing/checkout/verify', {
      method: 'POST',
      json: { sessionId },
    });
    expect(open).toEqual({ status: 'open', mode: 'subscription' });
    expect((await user.client.json('/api/me')).gate).toBe('onboarding');

    fake.completeCheckout(sessionId);
    const done = await user.client.json('/api/billing/checkout/verify', {
      method: 'POST',
      json: { sessionId },
    });
    expect(done).toEqual({ status: 'complete', mode: 'subscription' });
    expect(await user.client.json('/api/me')).toMatchObject({ gate: 'passed', plan: { id: 'pro' } });
    expect(await subscriptionOf(user)).toMatchObject({ planName: 'Pro', status: 'trialing', active: true });
    expect((await user.client.json('/api/billing/payment-method')).card).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
    });
  });

  it('applies a returned session once, however often the page is reloaded', async () => {
    const user = await t.createUser({ profile: true });
    const sessionId = await checkout(user);
    fake.completeCheckout(sessionId);
    const verify = () =>
      user.client.json('/api/billing/checkout/verify', { method: 'POST', json: { sessionId } });
    await verify();
    const events = await t.db.select().from(billingEvents).where(eq(billingEvents.userId, user.id));
    const stripeCalls = fake.requests.length;
    for (let i = 0; i < 3; i++) expect(await verify()).toEqual({ status: 'complete', mode: 'subscription' });
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.userId, user.id))).toEqual(events);
    // Each reload reads the session; none changes the subscription again.
    expect(fake.requests.slice(stripeCalls).every((r) => r.method === 'GET')).toBe(true);
  });

  it("refuses a session id that is not the user's", async () => {
    const owner = await t.createUser({ profile: true });
    const sessionId = await checkout(owner);
    fake.completeCheckout(sessionId);
    const other = await t.createUser({ profile: true });
    await checkout(other); // other has a customer of their own
    const response = await other.client.post('/api/billing/checkout/verify', { sessionId });
    expect(response.status).toBe(404);
    expect(
      (await other.client.post('/api/billing/checkout/verify', { sessionId: 'cs_test_nope' })).status,
    ).toBe(404);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, other.id))).toHaveLength(0);
  });
});

describe('Stripe subscription actions', () => {
  it('cancels at the period end, resumes, and changes the price on the existing item with proration', async () => {
    const user = await t.createUser({ profile: true });
    const stripeSub = await subscribe(user);
    const sub = await subscriptionOf(user);

    await user.client.json('/api/billing/subscription/cancel', {
      method: 'POST',
      json: { subscriptionId: sub.id },
    });
    expect(lastRequest('POST', /^\/v1\/subscriptions\//)).toMatchObject({
      path: `/v1/subscriptions/${stripeSub.id}`,
      body: { cancel_at_period_end: 'true' },
    });
    expect(await subscriptionOf(user)).toMatchObject({ cancelAtPeriodEnd: true, active: true });

    await user.client.json('/api/billing/subscription/resume', {
      method: 'POST',
      json: { subscriptionId: sub.id },
    });
    expect(lastRequest('POST', /^\/v1\/subscriptions\//).body).toEqual({ cancel_at_period_end: 'false' });

    await user.client.json('/api/billing/checkout', { method: 'POST', json: { planId: 'premium_annual' } });
    expect(lastRequest('POST', /^\/v1\/subscriptions\//).body).toEqual({
      items: [{ id: stripeSub.items.data[0].id, price: 'price_premium_annual' }],
      proration_behavior: 'create_prorations',
      cancel_at_period_end: 'false',
    });
    expect(await subscriptionOf(user)).toMatchObject({
      planId: 'premium_annual',
      planName: 'Premium (Annual)',
    });
  });

  it('choosing Free schedules the cancellation at the period end; the ended subscription leaves the account on Free', async () => {
    const user = await t.createUser({ profile: true });
    const stripeSub = await subscribe(user);
    const sub = await subscriptionOf(user);
    const chosen = await user.client.json('/api/billing/free-plan', {
      method: 'POST',
      json: { planId: 'free' },
    });
    expect(chosen.startsAt).toBe(sub.currentPeriodEnd);
    expect(lastRequest('POST', /^\/v1\/subscriptions\//)).toMatchObject({
      path: `/v1/subscriptions/${stripeSub.id}`,
      body: { cancel_at_period_end: 'true' },
    });
    expect(await user.client.json('/api/billing/subscription')).toMatchObject({
      subscription: { planId: 'pro', cancelAtPeriodEnd: true, active: true },
      nextPlan: { id: 'free', name: 'Free' },
    });
    expect((await user.client.json('/api/me')).plan).toMatchObject({ id: 'pro' });

    // The period ends: Stripe deletes the subscription and says so.
    const ended = Math.floor(Date.now() / 1000) + 60;
    await deliver(
      fake.event(
        'customer.subscription.deleted',
        { ...fake.subscriptions.get(stripeSub.id)!, status: 'canceled', ended_at: ended },
        ended,
      ),
    );
    expect(await user.client.json('/api/me')).toMatchObject({ gate: 'passed', plan: { id: 'free' } });
  });

  it('Resume after choosing Free keeps the Stripe subscription renewing: Free is no longer next', async () => {
    const user = await t.createUser({ profile: true });
    await subscribe(user);
    const sub = await subscriptionOf(user);
    await user.client.json('/api/billing/free-plan', { method: 'POST', json: { planId: 'free' } });
    const resumed = await user.client.json('/api/billing/subscription/resume', {
      method: 'POST',
      json: { subscriptionId: sub.id },
    });
    expect(lastRequest('POST', /^\/v1\/subscriptions\//).body).toEqual({ cancel_at_period_end: 'false' });
    expect(resumed).toMatchObject({
      subscription: { cancelAtPeriodEnd: false },
      nextPlan: null,
      trialDays: 0,
    });
  });

  it('a paid plan chosen after Free was scheduled changes the price and keeps renewing in one update', async () => {
    const user = await t.createUser({ profile: true });
    const stripeSub = await subscribe(user);
    await user.client.json('/api/billing/free-plan', { method: 'POST', json: { planId: 'free' } });
    const before = fake.requests.length;
    await user.client.json('/api/billing/checkout', { method: 'POST', json: { planId: 'premium' } });
    const updates = fake.requests
      .slice(before)
      .filter((request) => request.method === 'POST' && request.path.startsWith('/v1/subscriptions/'));
    expect(updates).toEqual([
      expect.objectContaining({
        path: `/v1/subscriptions/${stripeSub.id}`,
        body: {
          items: [{ id: stripeSub.items.data[0].id, price: 'price_premium' }],
          proration_behavior: 'create_prorations',
          cancel_at_period_end: 'false',
        },
      }),
    ]);
    expect(await user.client.json('/api/billing/subscription')).toMatchObject({
      subscription: { planId: 'premium', cancelAtPeriodEnd: false, active: true },
      nextPlan: null,
    });
  });

  it('updates the card through a setup-mode Checkout and makes it the default', async () => {
    const user = await t.createUser({ profile: true });
    const stripeSub = await subscribe(user);
    const firstCard = stripeSub.default_payment_method;
    const { url } = await user.client.json('/api/billing/payment-method/update', { method: 'POST' });
    const sessionId = sessionIdOf(url);
    expect(lastRequest('POST', /^\/v1\/checkout\/sessions$/).body).toMatchObject({
      mode: 'setup',
      success_url: 'http://localhost:3000/profile?update-payment=1&session_id={CHECKOUT_SESSION_ID}',
    });
    fake.completeCheckout(sessionId, { brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2030 });
    expect(
      await user.client.json('/api/billing/checkout/verify', { method: 'POST', json: { sessionId } }),
    ).toEqual({
      status: 'complete',
      mode: 'setup',
    });
    expect((await user.client.json('/api/billing/payment-method')).card).toMatchObject({ last4: '4444' });
    const defaultCard = fake.subscriptions.get(stripeSub.id)!.default_payment_method;
    expect(defaultCard).toMatch(/^pm_/);
    expect(defaultCard).not.toBe(firstCard);
  });

  it('opens the billing portal for the customer, returning to /dashboard', async () => {
    const user = await t.createUser({ profile: true });
    await subscribe(user);
    const { url } = await user.client.json('/api/billing/portal', { method: 'POST' });
    expect(url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(lastRequest('POST', /^\/v1\/billing_portal\/sessions$/).body).toMatchObject({
      return_url: 'http://localhost:3000/dashboard',
    });
  });
});

describe('Stripe webhooks', () => {
  async function eventCount(userId: string) {
    return (await t.db.select().from(billingEvents).where(eq(billingEvents.userId, userId))).length;
  }

  it('applies a checkout completed by webhook alone (the browser never came back)', async () => {
    const user = await t.createUser({ profile: true });
    const sessionId = await checkout(user);
    const session = fake.completeCheckout(sessionId);
    const response = await deliver(fake.event('checkout.session.completed', session));
    expect(response.status).toBe(200);
    expect((await user.client.json('/api/me')).gate).toBe('passed');
  });

  it('applies each event once: ten replays leave one event row and the same state', async () => {
    const user = await t.createUser({ profile: true });
    const stripeSub = await subscribe(user);
    const pastDue = fake.event('customer.subscription.updated', { ...stripeSub, status: 'past_due' });
    const before = await eventCount(user.id);
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(pastDue)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await eventCount(user.id)).toBe(before + 1);
    expect(await subscriptionOf(user)).toMatchObject({ status: 'past_due', active: false });
    expect((await user.client.json('/api/me')).gate).toBe('onboarding');
  });

  it('does not roll state back when an older event arrives after a newer one', async () => {
    const user = await t.createUser({ profile: true });
    const stripeSub = await subscribe(user);
    const later = Math.floor(Date.now() / 1000) + 60;
    await deliver(
      fake.event(
        'customer.subscription.deleted',
        { ...stripeSub, status: 'canceled', ended_at: later },
        later,
      ),
    );
    await deliver(
      fake.event('customer.subscription.updated', { ...stripeSub, status: 'active' }, later - 30),
    );
    expect(await subscriptionOf(user)).toMatchObject({ status: 'canceled', active: false });
    expect(await eventCount(user.id)).toBeGreaterThanOrEqual(2);
  });

  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const user = await t.createUser({ profile: true });
    const stripeSub = await subscribe(user);
    const before = await t.db.select().from(billingEvents);
    const forged = fake.event('customer.subscription.deleted', { ...stripeSub, status: 'canceled' });
    const bad = await deliver(forged, 'someone-elses-webhook-secret');
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('invalid_signature');

    const tampered = await t.app.request('/api/billing/webhook', {
      method: 'POST',
      headers: {
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload: '{}',
          secret: TEST_WEBHOOK_SECRET,
        }),
      },
      body: JSON.stringify(forged),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await t.app.request('/api/billing/webhook', {
      method: 'POST',
      body: JSON.stringify(forged),
    });
    expect(unsigned.status).toBe(400);
    expect(await t.db.select().from(billingEvents)).toHaveLength(before.length);
    expect(await subscriptionOf(user)).toMatchObject({ status: 'trialing' });
  });

  it('a failed invoice payment reloads the subscription from Stripe', async () => {
    const user = await t.createUser({ profile: true });
    const stripeSub = await subscribe(user);
    fake.subscriptions.get(stripeSub.id)!.status = 'past_due';
    const invoice = {
      id: 'in_test_1',
      object: 'invoice',
      customer: stripeSub.customer,
      status: 'open',
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: stripeSub.id, metadata: {} },
      },
    };
    const response = await deliver(
      fake.event('invoice.payment_failed', invoice, Math.floor(Date.now() / 1000) + 5),
    );
    expect(response.status).toBe(200);
    expect(await subscriptionOf(user)).toMatchObject({ status: 'past_due' });
  });

  it('records an event for an unknown customer without applying it', async () => {
    const event = fake.event('customer.subscription.updated', {
      ...[...fake.subscriptions.values()][0],
      customer: 'cus_unknown',
    });
    expect((await deliver(event)).status).toBe(200);
    const [row] = await t.db.select().from(billingEvents).where(eq(billingEvents.providerEventId, event.id));
    expect(row).toMatchObject({ userId: null, payload: { unapplied: true } });
  });
});

describe('account deletion with Stripe', () => {
  it('cancels the Stripe subscription before deleting the account', async () => {
    const user = await t.createUser({ profile: true });
    const stripeSub = await subscribe(user);
    expect((await user.client.delete('/api/account', { password: user.password })).status).toBe(200);
    expect(lastRequest('DELETE', /^\/v1\/subscriptions\//).path).toBe(`/v1/subscriptions/${stripeSub.id}`);
    expect(fake.subscriptions.get(stripeSub.id)!.status).toBe('canceled');
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
  });
});
