import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLocalBillingProvider } from '../../adapters/billing/local';
import { billingEvents, paymentMethods, subscriptions, users } from '../../db/schema';
import { localSessionOf, readEventStream, subscribeWithTestCard, TEST_CARD } from '../../testing/billing';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { openTestDatabase } from '../../testing/test-database';

let t: TestApp;
/** The local provider's clock: tests move it to cross trial and period ends. */
let clock = new Date();

beforeAll(async () => {
  const database = await openTestDatabase();
  const billing = createLocalBillingProvider({
    db: database.db,
    secret: 'test-secret-test-secret-test-secret-0123',
    baseUrl: 'http://localhost:3000',
    now: () => clock,
  });
  t = await createTestApp({}, { database, billing });
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;
const GOOD_CARD = TEST_CARD;
const sessionOf = localSessionOf;
const subscribe = subscribeWithTestCard;

const subscriptionOf = async (user: TestUser) =>
  (await user.client.json('/api/billing/subscription')).subscription;

describe('plans', () => {
  it('lists the six plans from the plans table, cheapest first', async () => {
    const { plans } = await t.client().json('/api/billing/plans');
    expect(plans.map((p: { id: string }) => p.id)).toEqual([
      'free',
      'free_annual',
      'pro',
      'pro_annual',
      'premium',
      'premium_annual',
    ]);
    expect(plans.find((p: { id: string }) => p.id === 'pro_annual')).toMatchObject({
      name: 'Pro (Annual)',
      priceCents: 4200,
      monthlyTokenLimit: 200_000,
    });
  });
});

describe('the free plan', () => {
  it('needs a complete profile first', async () => {
    const user = await t.createUser();
    const response = await user.client.post('/api/billing/free-plan', { planId: 'free' });
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('profile_required');
  });

  it('is open to staff without a profile, as every onboarding gate is', async () => {
    for (const role of ['admin', 'super_admin'] as const) {
      const staff = await t.createUser({ role });
      const response = await staff.client.post('/api/billing/free-plan', { planId: 'free' });
      expect(response.status, role).toBe(200);
      expect((await staff.client.json('/api/me')).plan, role).toMatchObject({ id: 'free' });
    }
  });

  it('marks the user free and opens the gate', async () => {
    const user = await t.createUser({ profile: true });
    expect((await user.client.json('/api/me')).gate).toBe('onboarding');
    const chosen = await user.client.json('/api/billing/free-plan', {
      method: 'POST',
      json: { planId: 'free_annual' },
    });
    expect(chosen).toEqual({ plan: { id: 'free_annual', name: 'Free (Annual)' }, startsAt: null });
    expect(await user.client.json('/api/me')).toMatchObject({
      gate: 'passed',
      plan: { id: 'free_annual', name: 'Free (Annual)' },
    });
  });

  it('refuses an unknown plan id with 400 and changes nothing', async () => {
    const user = await t.createUser({ profile: true });
    for (const planId of ['gold', 'pro', '', null]) {
      const response = await user.client.post('/api/billing/free-plan', { planId });
      expect(response.status).toBe(400);
      expect((await response.json()).error.field).toBe('planId');
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.freePlanId).toBeNull();
  });
});

describe('the local test checkout', () => {
  it('starts a checkout for a paid plan with a 7-day trial on the first subscription', async () => {
    const user = await t.createUser({ profile: true });
    const checkout = await user.client.json('/api/billing/checkout', {
      method: 'POST',
      json: { planId: 'pro' },
    });
    expect(checkout.url).toMatch(/^http:\/\/localhost:3000\/billing\/test-checkout\?session=lcs_/);
    const details = await user.client.json(`/api/billing/test-checkout/${sessionOf(checkout.url)}`);
    expect(details).toMatchObject({
      mode: 'subscription',
      status: 'open',
      plan: { id: 'pro', name: 'Pro', priceCents: 700, interval: 'month' },
      trialDays: 7,
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.billingCustomerId).toMatch(/^lcus_/);
  });

  it('refuses a declined card and an unknown number, and creates nothing', async () => {
    const user = await t.createUser({ profile: true });
    const checkout = await user.client.json('/api/billing/checkout', {
      method: 'POST',
      json: { planId: 'pro' },
    });
    const path = `/api/billing/test-checkout/${sessionOf(checkout.url)}/complete`;
    const declined = await user.client.post(path, { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toEqual({
      error: { code: 'card_declined', message: 'Your card was declined.' },
    });
    const unknown = await user.client.post(path, { ...GOOD_CARD, cardNumber: '4111 1111 1111 1111' });
    expect(unknown.status).toBe(402);
    const expired = await user.client.post(path, { ...GOOD_CARD, expiry: '01/20' });
    expect(expired.status).toBe(400);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(0);
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, user.id))).toHaveLength(
      0,
    );
    expect((await user.client.json('/api/me')).gate).toBe('onboarding');
  });

  it('a paid checkout creates the subscription, the card and the events Stripe would send', async () => {
    const user = await t.createUser({ profile: true });
    const checkout = await user.client.json('/api/billing/checkout', {
      method: 'POST',
      json: { planId: 'pro' },
    });
    const sessionId = sessionOf(checkout.url);
    const done = await user.client.json(`/api/billing/test-checkout/${sessionId}/complete`, {
      method: 'POST',
      json: GOOD_CARD,
    });
    expect(done.redirectUrl).toBe(
      `http://localhost:3000/onboarding?session_id=${encodeURIComponent(sessionId)}`,
    );

    expect(await user.client.json('/api/me')).toMatchObject({
      gate: 'passed',
      plan: { id: 'pro', name: 'Pro' },
    });
    const sub = await subscriptionOf(user);
    expect(sub).toMatchObject({
      planId: 'pro',
      planName: 'Pro',
      status: 'trialing',
      active: true,
      priceCents: 700,
    });
    expect(new Date(sub.trialEnd).getTime() - clock.getTime()).toBe(7 * DAY_MS);
    expect(sub.currentPeriodEnd).toBe(sub.trialEnd);
    expect(await user.client.json('/api/billing/payment-method')).toMatchObject({
      card: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
    });
    const events = await t.db.select().from(billingEvents).where(eq(billingEvents.userId, user.id));
    expect(events.map((e) => e.type).sort()).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
    ]);

    // The return URL's session id verifies; paying twice is refused.
    expect(
      await user.client.json('/api/billing/checkout/verify', { method: 'POST', json: { sessionId } }),
    ).toEqual({
      status: 'complete',
      mode: 'subscription',
    });
    const again = await user.client.post(`/api/billing/test-checkout/${sessionId}/complete`, GOOD_CARD);
    expect(again.status).toBe(409);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id))).toHaveLength(1);
  });

  it("does not show, pay or verify someone else's session, nor a forged one", async () => {
    const owner = await t.createUser({ profile: true });
    const other = await t.createUser({ profile: true });
    const checkout = await owner.client.json('/api/billing/checkout', {
      method: 'POST',
      json: { planId: 'pro' },
    });
    const sessionId = sessionOf(checkout.url);
    expect((await other.client.get(`/api/billing/test-checkout/${sessionId}`)).status).toBe(404);
    expect(
      (await other.client.post(`/api/billing/test-checkout/${sessionId}/complete`, GOOD_CARD)).status,
    ).toBe(404);
    const forged = `${sessionId.slice(0, -3)}abc`;
    expect((await owner.client.post(`/api/billing/test-checkout/${forged}/complete`, GOOD_CARD)).status).toBe(
      404,
    );
    await owner.client.json(`/api/billing/test-checkout/${sessionId}/complete`, {
      method: 'POST',
      json: GOOD_CARD,
    });
    const verify = await other.client.post('/api/billing/checkout/verify', { sessionId });
    expect(verify.status).toBe(404);
    expect((await other.client.json('/api/me')).gate).toBe('onboarding');
  });

  it('refuses an unknown paid plan id', async () => {
    const user = await t.createUser({ profile: true });
    const response = await user.client.post('/api/billing/checkout', { planId: 'enterprise' });
    expect(response.status).toBe(400);
    expect((await response.json()).error.field).toBe('planId');
  });
});

describe('subscription actions', () => {
  it('cancel at the period end, resume, change the plan (prorated), no trial the second time', async () => {
    const user = await t.createUser({ profile: true });
    await subscribe(user, 'pro');
    const sub = await subscriptionOf(user);

    const canceled = await user.client.json('/api/billing/subscription/cancel', {
      method: 'POST',
      json: { subscriptionId: sub.id },
    });
    expect(canceled.subscription).toMatchObject({
      cancelAtPeriodEnd: true,
      active: true,
      cancelAt: sub.currentPeriodEnd,
    });
    expect(canceled.subscription.canceledAt).not.toBeNull();
    expect((await user.client.json('/api/me')).gate).toBe('passed');

    const resumed = await user.client.json('/api/billing/subscription/resume', {
      method: 'POST',
      json: { subscriptionId: sub.id },
    });
    expect(resumed.subscription).toMatchObject({
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
    });

    const changed = await user.client.json('/api/billing/checkout', {
      method: 'POST',
      json: { planId: 'premium_annual' },
    });
    expect(changed).toEqual({ kind: 'updated' });
    expect(await subscriptionOf(user)).toMatchObject({
      id: sub.id,
      planId: 'premium_annual',
      planName: 'Premium (Annual)',
      status: 'trialing',
    });
    const same = await user.client.post('/api/billing/checkout', { planId: 'premium_annual' });
    expect(same.status).toBe(409);
    const types = (await t.db.select().from(billingEvents).where(eq(billingEvents.userId, user.id))).map(
      (e) => e.type,
    );
    expect(types.filter((type) => type === 'customer.subscription.updated')).toHaveLength(3);
  });

  it("answers 'No subscription found' for someone else's subscription and changes nothing", async () => {
    const owner = await t.createUser({ profile: true });
    await subscribe(owner);
    const sub = await subscriptionOf(owner);
    const intruder = await t.createUser({ profile: true, freePlan: 'free' });
    for (const action of ['cancel', 'resume']) {
      const response = await intruder.client.post(`/api/billing/subscription/${action}`, {
        subscriptionId: sub.id,
      });
      expect(response.status).toBe(404);
      expect((await response.json()).error.message).toBe('No subscription found');
    }
    const bad = await intruder.client.post('/api/billing/subscription/cancel', { subscriptionId: 'sub_123' });
    expect(bad.status).toBe(400);
    expect(await subscriptionOf(owner)).toMatchObject({ cancelAtPeriodEnd: false });
    expect(await intruder.client.json('/api/billing/subscription')).toMatchObject({
      subscription: null,
      freePlan: { id: 'free', name: 'Free' },
    });
  });

  it('moves through the trial end and renewals, and ends at the period end once cancelled', async () => {
    const user = await t.createUser({ profile: true });
    const started = clock;
    try {
      await subscribe(user, 'pro');
      clock = new Date(started.getTime() + 8 * DAY_MS);
      const renewed = await subscriptionOf(user);
      expect(renewed).toMatchObject({
        status: 'active',
        trialEnd: new Date(started.getTime() + 7 * DAY_MS).toISOString(),
      });
      expect(new Date(renewed.currentPeriodEnd).getTime()).toBeGreaterThan(clock.getTime() + 20 * DAY_MS);

      await user.client.json('/api/billing/subscription/cancel', {
        method: 'POST',
        json: { subscriptionId: renewed.id },
      });
      clock = new Date(new Date(renewed.currentPeriodEnd).getTime() + DAY_MS);
      expect(await subscriptionOf(user)).toMatchObject({
        status: 'canceled',
        active: false,
        endedAt: renewed.currentPeriodEnd,
      });
      const resume = await user.client.post('/api/billing/subscription/resume', {
        subscriptionId: renewed.id,
      });
      expect(resume.status).toBe(409);
      expect((await user.client.json('/api/me')).gate).toBe('onboarding');

      // Subscribing again starts a new checkout, without a trial this time.
      const checkout = await user.client.json('/api/billing/checkout', {
        method: 'POST',
        json: { planId: 'pro' },
      });
      expect(
        (await user.client.json(`/api/billing/test-checkout/${sessionOf(checkout.url)}`)).trialDays,
      ).toBe(0);
    } finally {
      clock = started;
    }
  });
});

describe('choosing Free while a paid plan runs', () => {
  const started = clock;
  afterEach(() => {
    clock = started;
  });

  it('cancels at the period end and records Free as the next plan; the account moves to Free then', async () => {
    const user = await t.createUser({ profile: true });
    await subscribe(user, 'pro');
    const sub = await subscriptionOf(user);
    const chosen = await user.client.json('/api/billing/free-plan', {
      method: 'POST',
      json: { planId: 'free' },
    });
    expect(chosen).toEqual({ plan: { id: 'free', name: 'Free' }, startsAt: sub.currentPeriodEnd });
    const view = await user.client.json('/api/billing/subscription');
    expect(view).toMatchObject({
      subscription: { id: sub.id, planId: 'pro', active: true, cancelAtPeriodEnd: true },
      nextPlan: { id: 'free', name: 'Free' },
    });
    expect(view.subscription.cancelAt).toBe(sub.currentPeriodEnd);
    // Until the period ends the paid plan (and its allowance) stays.
    expect(await user.client.json('/api/me')).toMatchObject({ gate: 'passed', plan: { id: 'pro' } });
    expect((await user.client.json('/api/usage')).limits.monthlyTokens).toBe(200_000);

    clock = new Date(new Date(sub.currentPeriodEnd).getTime() + DAY_MS);
    expect(await user.client.json('/api/billing/subscription')).toMatchObject({
      subscription: { status: 'canceled', active: false },
      freePlan: { id: 'free' },
      nextPlan: null,
    });
    expect(await user.client.json('/api/me')).toMatchObject({ gate: 'passed', plan: { id: 'free' } });
    expect((await user.client.json('/api/usage')).limits.monthlyTokens).toBe(30_000);
  });

  it('Resume undoes it: the paid plan renews past the period end instead of moving to Free', async () => {
    const user = await t.createUser({ profile: true });
    await subscribe(user, 'pro');
    const sub = await subscriptionOf(user);
    await user.client.json('/api/billing/free-plan', { method: 'POST', json: { planId: 'free_annual' } });
    const resumed = await user.client.json('/api/billing/subscription/resume', {
      method: 'POST',
      json: { subscriptionId: sub.id },
    });
    expect(resumed).toMatchObject({
      subscription: { planId: 'pro', cancelAtPeriodEnd: false, cancelAt: null },
      nextPlan: null,
    });

    clock = new Date(new Date(sub.currentPeriodEnd).getTime() + DAY_MS);
    expect(await subscriptionOf(user)).toMatchObject({ id: sub.id, planId: 'pro', active: true });
    expect(await user.client.json('/api/me')).toMatchObject({ plan: { id: 'pro' } });
  });

  it('a user on Free before subscribing still falls back to it after a resumed, then ended, subscription', async () => {
    const user = await t.createUser({ profile: true, freePlan: 'free' });
    await subscribe(user, 'pro');
    const sub = await subscriptionOf(user);
    const cancel = { method: 'POST', json: { subscriptionId: sub.id } } as const;
    await user.client.json('/api/billing/subscription/cancel', cancel);
    expect((await user.client.json('/api/billing/subscription')).nextPlan).toEqual({
      id: 'free',
      name: 'Free',
    });
    await user.client.json('/api/billing/subscription/resume', cancel);
    await user.client.json('/api/billing/subscription/cancel', cancel);
    clock = new Date(new Date(sub.currentPeriodEnd).getTime() + DAY_MS);
    expect(await subscriptionOf(user)).toMatchObject({ status: 'canceled', active: false });
    expect(await user.client.json('/api/me')).toMatchObject({ gate: 'passed', plan: { id: 'free' } });
  });

  it('choosing a paid plan instead keeps the subscription renewing, on the new price', async () => {
    const user = await t.createUser({ profile: true });
    await subscribe(user, 'pro');
    await user.client.json('/api/billing/free-plan', { method: 'POST', json: { planId: 'free' } });
    const changed = await user.client.json('/api/billing/checkout', {
      method: 'POST',
      json: { planId: 'premium' },
    });
    expect(changed).toEqual({ kind: 'updated' });
    expect(await user.client.json('/api/billing/subscription')).toMatchObject({
      subscription: { planId: 'premium', cancelAtPeriodEnd: false },
      nextPlan: null,
    });
  });

  it('choosing Free again while it is already next changes nothing at the provider', async () => {
    const user = await t.createUser({ profile: true });
    await subscribe(user, 'pro');
    const first = await user.client.json('/api/billing/free-plan', {
      method: 'POST',
      json: { planId: 'free' },
    });
    const before = await t.db.select().from(billingEvents).where(eq(billingEvents.userId, user.id));
    const again = await user.client.json('/api/billing/free-plan', {
      method: 'POST',
      json: { planId: 'free' },
    });
    expect(again).toEqual(first);
    const after = await t.db.select().from(billingEvents).where(eq(billingEvents.userId, user.id));
    expect(after).toHaveLength(before.length);
  });
});

describe('the trial on Choose Your Plan', () => {
  it('offers the 7-day trial until the user has had a subscription', async () => {
    const user = await t.createUser({ profile: true, freePlan: 'free' });
    expect((await user.client.json('/api/billing/subscription')).trialDays).toBe(7);
    await subscribe(user, 'pro');
    expect((await user.client.json('/api/billing/subscription')).trialDays).toBe(0);
    const sub = await subscriptionOf(user);
    await user.client.json('/api/billing/subscription/cancel', {
      method: 'POST',
      json: { subscriptionId: sub.id },
    });
    expect((await user.client.json('/api/billing/subscription')).trialDays).toBe(0);
  });
});

describe('the payment method', () => {
  it("says there is none, then saves a new card through a setup checkout and makes it the subscription's", async () => {
    const user = await t.createUser({ profile: true });
    expect(await user.client.json('/api/billing/payment-method')).toEqual({ card: null, portal: false });
    await subscribe(user);
    const { url } = await user.client.json('/api/billing/payment-method/update', { method: 'POST' });
    const sessionId = sessionOf(url);
    expect(await user.client.json(`/api/billing/test-checkout/${sessionId}`)).toMatchObject({
      mode: 'setup',
      plan: null,
    });
    const done = await user.client.json(`/api/billing/test-checkout/${sessionId}/complete`, {
      method: 'POST',
      json: { ...GOOD_CARD, cardNumber: '5555 5555 5555 4444', expiry: '08/31' },
    });
    expect(done.redirectUrl).toBe(
      `http://localhost:3000/profile?update-payment=1&session_id=${encodeURIComponent(sessionId)}`,
    );
    expect(await user.client.json('/api/billing/payment-method')).toMatchObject({
      card: { brand: 'mastercard', last4: '4444', expMonth: 8, expYear: 2031 },
    });
    expect(
      await user.client.json('/api/billing/checkout/verify', { method: 'POST', json: { sessionId } }),
    ).toEqual({
      status: 'complete',
      mode: 'setup',
    });
  });

  it('has no billing portal on the local provider', async () => {
    const user = await t.createUser({ profile: true });
    expect((await user.client.post('/api/billing/portal')).status).toBe(404);
  });
});

describe('live updates', () => {
  it('pushes a subscription change to the open event stream', async () => {
    const user = await t.createUser({ profile: true });
    await subscribe(user);
    const sub = await subscriptionOf(user);
    const stream = await user.client.get('/api/billing/events');
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const events = readEventStream(stream);
    await events.until('event: ready');
    await user.client.json('/api/billing/subscription/cancel', {
      method: 'POST',
      json: { subscriptionId: sub.id },
    });
    await events.until('event: subscription');
    await events.close();
  });

  it('needs a signed-in user', async () => {
    expect((await t.client().get('/api/billing/events')).status).toBe(401);
  });
});
