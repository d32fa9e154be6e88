import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { NO_SUBSCRIPTION_MESSAGE } from '../../../shared/billing';
import { customerNameFor } from '../../../shared/names';
import type { FreePlanId, PaidPlanId } from '../../../shared/plans';
import { planDisplayName, TRIAL_DAYS } from '../../../shared/plans';
import type { TestCardInput } from '../../../shared/schemas/billing';
import { isSubscriptionActive } from '../../../shared/subscriptions';
import {
  BillingProviderError,
  CHECKOUT_SESSION_PLACEHOLDER,
  type CompletedCheckout,
  type ProviderEvent,
  type ProviderSubscription,
} from '../../adapters/billing';
import type { LocalBillingProvider } from '../../adapters/billing/local';
import type { AppDeps, SessionUser } from '../../context';
import type { Executor } from '../../db/client';
import { plans, users } from '../../db/schema';
import { AppError, conflict, notFound } from '../../http/errors';
import { announceBillingChange } from './billing.live';
import {
  eventSeen,
  findCustomerId,
  findDisplayCard,
  planIdForPrice,
  recordEvent,
  upsertCard,
  upsertSubscription,
  userIdForCustomer,
} from './billing.store';
import { findCurrentSubscription, findPlan, type SubscriptionRow } from './subscription.queries';

export type BillingDeps = Pick<AppDeps, 'db' | 'database' | 'billing' | 'config' | 'logger'>;

const iso = (date: Date | null) => date?.toISOString() ?? null;

export async function listPlans({ db }: BillingDeps) {
  const rows = await db.select().from(plans).orderBy(asc(plans.sortOrder));
  return rows.map((plan) => ({
    id: plan.id,
    name: plan.name,
    tier: plan.tier,
    interval: plan.interval,
    priceCents: plan.priceCents,
    monthlyTokenLimit: plan.monthlyTokenLimit,
  }));
}

/**
 * Marks the user free (the gate then passes). While a paid subscription runs, it is set to cancel at
 * the period end instead, and the free plan is recorded as the one the account moves to then:
 * `startsAt` says when.
 */
export async function chooseFreePlan(deps: BillingDeps, user: SessionUser, planId: FreePlanId) {
  const current = await findCurrentSubscription(deps.db, user.id);
  let startsAt: string | null = null;
  if (current && isSubscriptionActive(current)) {
    const ending = current.cancelAtPeriodEnd ? current : await cancelAtPeriodEnd(deps, user.id, current);
    startsAt = iso(ending.cancelAt ?? ending.currentPeriodEnd);
  }
  await deps.db.update(users).set({ freePlanId: planId }).where(eq(users.id, user.id));
  await announceBillingChange(deps.database, user.id);
  return { plan: { id: planId, name: planDisplayName(planId) }, startsAt };
}

/** A first subscription starts with a trial; anyone who has had one pays from the start. */
const trialDaysFor = (newest: SubscriptionRow | null) => (newest ? 0 : TRIAL_DAYS);

/**
 * A paid plan: with a running subscription, its price changes (prorated); otherwise a checkout
 * starts, with a trial on the user's first subscription.
 */
export async function choosePaidPlan(deps: BillingDeps, user: SessionUser, planId: PaidPlanId) {
  const priceRef = await priceRefFor(deps, planId);
  const current = await findCurrentSubscription(deps.db, user.id);
  if (current && isSubscriptionActive(current)) {
    if (current.planId === planId) throw conflict('You are already on this plan');
    const updated = await deps.billing.changePrice(
      { id: current.providerSubscriptionId, itemId: current.providerItemId },
      priceRef,
    );
    // One update: a paid plan chosen while the subscription is set to end renews on the new price.
    await applySubscription(deps, user.id, updated, 'customer.subscription.updated');
    return { kind: 'updated' as const };
  }
  const customerId = await ensureCustomer(deps, user);
  const checkout = await deps.billing.createSubscriptionCheckout({
    customerId,
    userId: user.id,
    priceRef,
    trialDays: trialDaysFor(current),
    successUrl: `${deps.config.baseUrl}/onboarding?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
    cancelUrl: `${deps.config.baseUrl}/onboarding`,
  });
  return { kind: 'redirect' as const, url: checkout.url };
}

async function priceRefFor(deps: BillingDeps, planId: PaidPlanId): Promise<string> {
  if (deps.billing.name === 'local') return planId;
  const plan = await findPlan(deps.db, planId);
  if (!plan?.stripePriceId) {
    throw new AppError(503, 'plan_unavailable', 'This plan cannot be bought right now. Please try later.');
  }
  return plan.stripePriceId;
}

/** The user's provider customer, created on first need. */
async function ensureCustomer(deps: BillingDeps, user: SessionUser): Promise<string> {
  const existing = await findCustomerId(deps.db, user.id);
  if (existing) return existing;
  const customerId = await deps.billing.createCustomer({
    userId: user.id,
    email: user.email,
    name: customerNameFor(user),
  });
  const [claimed] = await deps.db
    .update(users)
    .set({ billingCustomerId: customerId })
    .where(and(eq(users.id, user.id), isNull(users.billingCustomerId)))
    .returning({ customerId: users.billingCustomerId });
  return claimed?.customerId ?? (await findCustomerId(deps.db, user.id))!;
}

/** The user's own subscription by our id, or 404 with the spec's words. */
async function ownSubscription(deps: BillingDeps, user: SessionUser, subscriptionId: string) {
  const current = await findCurrentSubscription(deps.db, user.id);
  if (!current || current.id !== subscriptionId) throw notFound(NO_SUBSCRIPTION_MESSAGE);
  return current;
}

export async function cancelSubscription(deps: BillingDeps, user: SessionUser, subscriptionId: string) {
  const current = await ownSubscription(deps, user, subscriptionId);
  if (!isSubscriptionActive(current)) throw conflict('This subscription has already ended');
  await cancelAtPeriodEnd(deps, user.id, current);
  return getSubscriptionView(deps, user);
}

async function cancelAtPeriodEnd(deps: BillingDeps, userId: string, current: SubscriptionRow) {
  const updated = await deps.billing.setCancelAtPeriodEnd(current.providerSubscriptionId, true);
  await applySubscription(deps, userId, updated, 'customer.subscription.updated');
  return updated;
}

export async function resumeSubscription(deps: BillingDeps, user: SessionUser, subscriptionId: string) {
  const current = await ownSubscription(deps, user, subscriptionId);
  if (!isSubscriptionActive(current)) {
    throw conflict('This subscription has ended: choose a plan to subscribe again');
  }
  await keepRenewing(deps, user.id, current);
  return getSubscriptionView(deps, user);
}

/**
 * Undoes a cancellation at the period end: the subscription renews, so the account does not move to
 * the free plan recorded for then. That plan stays on record, as it does for anyone who chose Free
 * before subscribing: it is where the account goes if the subscription ever ends.
 */
async function keepRenewing(deps: BillingDeps, userId: string, current: SubscriptionRow) {
  const updated = await deps.billing.setCancelAtPeriodEnd(current.providerSubscriptionId, false);
  await applySubscription(deps, userId, updated, 'customer.subscription.updated');
}

/** Ends the user's running subscription now: the first step of deleting the account. */
export async function cancelSubscriptionNow(deps: BillingDeps, userId: string): Promise<void> {
  const current = await findCurrentSubscription(deps.db, userId);
  if (!current || current.status === 'canceled' || current.endedAt) return;
  const ended = await deps.billing.cancelNow(current.providerSubscriptionId);
  await applySubscription(deps, userId, ended, 'customer.subscription.deleted');
}

export async function getSubscriptionView(deps: BillingDeps, user: SessionUser) {
  const current = await syncEndedPeriod(deps, user.id, await findCurrentSubscription(deps.db, user.id));
  const [userRow] = await deps.db
    .select({ freePlanId: users.freePlanId })
    .from(users)
    .where(eq(users.id, user.id));
  const freePlanId = userRow?.freePlanId ?? null;
  const freePlan = freePlanId ? { id: freePlanId, name: planDisplayName(freePlanId) } : null;
  const endingSoon = current && isSubscriptionActive(current) && current.cancelAtPeriodEnd;
  return {
    provider: deps.billing.name,
    subscription: current ? await toSubscriptionView(deps, current) : null,
    freePlan,
    /** The plan the account moves to when a subscription set to cancel ends: the free plan chosen. */
    nextPlan: endingSoon ? freePlan : null,
    /** Trial days a paid plan chosen now would start with (the first subscription only). */
    trialDays: trialDaysFor(current),
  };
}

async function toSubscriptionView(deps: BillingDeps, row: SubscriptionRow) {
  const plan = await findPlan(deps.db, row.planId);
  return {
    id: row.id,
    planId: row.planId,
    planName: planDisplayName(row.planId),
    priceCents: plan?.priceCents ?? 0,
    interval: plan?.interval ?? 'month',
    status: row.status,
    active: isSubscriptionActive(row),
    currentPeriodEnd: iso(row.currentPeriodEnd),
    trialEnd: iso(row.trialEnd),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    cancelAt: iso(row.cancelAt),
    canceledAt: iso(row.canceledAt),
    endedAt: iso(row.endedAt),
  };
}

/**
 * The local provider sends no renewals of its own: on read, ask it for the subscription's state now
 * (trial over, renewed, or ended) and store it when a period end has moved it on.
 */
async function syncEndedPeriod(deps: BillingDeps, userId: string, row: SubscriptionRow | null) {
  if (!row || row.endedAt || row.provider !== 'local' || deps.billing.name !== 'local') return row;
  const now = await deps.billing.getSubscription(row.providerSubscriptionId);
  const moved =
    now.status !== row.status || now.currentPeriodEnd?.getTime() !== row.currentPeriodEnd?.getTime();
  if (!moved) return row;
  await applySubscription(deps, userId, now, 'customer.subscription.updated');
  return findCurrentSubscription(deps.db, userId);
}

export async function getPaymentMethod(deps: BillingDeps, user: SessionUser) {
  const current = await findCurrentSubscription(deps.db, user.id);
  const card = await findDisplayCard(deps.db, user.id, current?.defaultPaymentMethodId ?? null);
  return {
    card: card
      ? { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear }
      : null,
    portal: Boolean(deps.billing.createPortalSession),
  };
}

/** A setup-mode checkout to save a new card; the browser returns to /profile with the session id. */
export async function startPaymentUpdate(deps: BillingDeps, user: SessionUser) {
  const customerId = await ensureCustomer(deps, user);
  const profileUrl = `${deps.config.baseUrl}/profile?update-payment=1`;
  const checkout = await deps.billing.createSetupCheckout({
    customerId,
    userId: user.id,
    successUrl: `${profileUrl}&session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
    cancelUrl: profileUrl,
  });
  return { url: checkout.url };
}

export async function createPortalLink(deps: BillingDeps, user: SessionUser) {
  const customerId = await findCustomerId(deps.db, user.id);
  if (!deps.billing.createPortalSession || !customerId) {
    throw notFound('There is no billing portal for this account');
  }
  return { url: await deps.billing.createPortalSession(customerId, `${deps.config.baseUrl}/dashboard`) };
}

/**
 * The return from a checkout (`session_id`): only the user's own session counts. A complete one is
 * applied at once, so the gates move on without waiting for the provider's webhook.
 */
export async function verifyCheckoutSession(deps: BillingDeps, user: SessionUser, sessionId: string) {
  const customerId = await findCustomerId(deps.db, user.id);
  const session = customerId ? await deps.billing.getCheckoutSession(sessionId) : null;
  if (!session || session.customerId !== customerId) {
    throw notFound('No such checkout session');
  }
  // The local provider applied it when the card was accepted; a provider with webhooks may not yet
  // have told us. Recorded under the session's own id, so returning to the page again applies nothing.
  if (session.status === 'complete' && deps.billing.parseWebhook) {
    await applyCompletedCheckout(deps, user.id, session as CompletedCheckout, {
      id: `checkout_returned_${session.id}`,
      type: 'checkout.session.completed',
      createdAt: providerNow(),
      payload: { session: session.id, mode: session.mode },
    });
  }
  return { status: session.status, mode: session.mode };
}

async function applyCompletedCheckout(
  deps: BillingDeps,
  userId: string,
  checkout: CompletedCheckout,
  event: Pick<ProviderEvent, 'id' | 'type' | 'createdAt' | 'payload'>,
): Promise<boolean> {
  if (await eventSeen(deps.db, event.id)) return false;
  let subscription = checkout.subscription;
  if (checkout.mode === 'setup' && checkout.card) {
    const current = await findCurrentSubscription(deps.db, userId);
    if (current && isSubscriptionActive(current)) {
      subscription = await deps.billing.setDefaultPaymentMethod(
        current.providerSubscriptionId,
        checkout.card.id,
      );
    }
  }
  const planId = subscription
    ? await planIdForPrice(deps.db, deps.billing.name, subscription.priceRef)
    : null;
  const at = providerNow();
  const applied = await deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, deps.billing.name, event, userId))) return false;
    if (checkout.card) await upsertCard(tx, userId, deps.billing.name, checkout.card);
    if (subscription && planId) {
      await storeSubscription(tx, deps, { userId, planId, subscription, at: at });
      // A provider without webhooks: the event Stripe would have sent is recorded, as applySubscription does.
      if (!deps.billing.parseWebhook && checkout.mode === 'subscription') {
        const created = localEvent('customer.subscription.created', subscription, at);
        await recordEvent(tx, deps.billing.name, created, userId);
      }
    }
    return true;
  });
  if (applied) await announceBillingChange(deps.database, userId);
  return applied;
}

function storeSubscription(
  tx: Executor,
  deps: BillingDeps,
  state: { userId: string; planId: string; subscription: ProviderSubscription; at: Date },
) {
  return upsertSubscription(tx, { ...state, provider: deps.billing.name, providerUpdatedAt: state.at });
}

/**
 * The time stamped on state we read from the provider ourselves. Stripe's event times are whole
 * seconds, so ours are too: an event from the same second is not taken for an older one.
 */
function providerNow(): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000);
}

function localEvent(type: string, subscription: ProviderSubscription, at: Date) {
  return { id: `evt_local_${randomUUID()}`, type, createdAt: at, payload: { object: subscription } };
}

/**
 * Stores a subscription state the provider just answered with. The local provider sends no
 * webhooks, so its change is recorded as the event Stripe would have sent.
 */
async function applySubscription(
  deps: BillingDeps,
  userId: string,
  subscription: ProviderSubscription,
  type: string,
) {
  const planId = await planIdForPrice(deps.db, deps.billing.name, subscription.priceRef);
  if (!planId)
    throw new AppError(502, 'unknown_price', 'The billing provider answered with an unknown price');
  const at = providerNow();
  await deps.db.transaction(async (tx) => {
    if (!deps.billing.parseWebhook)
      await recordEvent(tx, deps.billing.name, localEvent(type, subscription, at), userId);
    await storeSubscription(tx, deps, { userId, planId, subscription, at: at });
  });
  await announceBillingChange(deps.database, userId);
}

/** The local test checkout page's view of a session. */
export async function describeLocalCheckout(
  deps: BillingDeps,
  provider: LocalBillingProvider,
  user: SessionUser,
  sessionId: string,
) {
  const details = provider.describeCheckout(sessionId, user.id);
  if (!details) throw notFound('No such checkout session');
  const plan = details.planId ? await findPlan(deps.db, details.planId) : null;
  return {
    ...details,
    plan: plan
      ? { id: plan.id, name: plan.name, priceCents: plan.priceCents, interval: plan.interval }
      : null,
  };
}

/** Pays the local test checkout with a test card; answers where the browser goes next. */
export async function completeLocalCheckout(
  deps: BillingDeps,
  provider: LocalBillingProvider,
  user: SessionUser,
  sessionId: string,
  card: TestCardInput,
) {
  const { completed, successUrl, eventId } = await provider.completeCheckout(sessionId, user.id, card);
  const event = {
    id: eventId,
    type: 'checkout.session.completed',
    createdAt: new Date(),
    payload: { session: completed.id, mode: completed.mode },
  };
  if (!(await applyCompletedCheckout(deps, user.id, completed, event))) {
    throw conflict('This checkout is already complete');
  }
  return { redirectUrl: successUrl };
}

/**
 * A Stripe webhook: the signature is checked over the raw body, each event is applied once, and an
 * event older than the stored state changes nothing.
 */
export async function handleWebhook(deps: BillingDeps, rawBody: string, signature: string | undefined) {
  if (!deps.billing.parseWebhook) throw notFound('This billing provider sends no webhooks');
  if (!signature) throw new BillingProviderError('invalid_signature', 'Missing webhook signature');
  const event = deps.billing.parseWebhook(rawBody, signature);
  if (await eventSeen(deps.db, event.id)) return { received: true, duplicate: true };

  if (event.kind === 'checkout') {
    const session = await deps.billing.getCheckoutSession(event.sessionId);
    const userId = session?.customerId ? await userIdForCustomer(deps.db, session.customerId) : null;
    if (session?.status === 'complete' && userId) {
      await applyCompletedCheckout(deps, userId, session as CompletedCheckout, event);
      return { received: true };
    }
    return recordUnapplied(deps, event);
  }
  const subscription =
    event.kind === 'subscription'
      ? event.subscription
      : event.kind === 'subscription-ref'
        ? await deps.billing.getSubscription(event.subscriptionId)
        : null;
  if (!subscription) return recordUnapplied(deps, event);
  const userId = await userIdForCustomer(deps.db, subscription.customerId);
  const planId = await planIdForPrice(deps.db, deps.billing.name, subscription.priceRef);
  if (!userId || !planId) {
    deps.logger.warn(
      { eventId: event.id, type: event.type },
      'billing event for an unknown customer or price',
    );
    return recordUnapplied(deps, event);
  }
  const applied = await deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, deps.billing.name, event, userId))) return false;
    return storeSubscription(tx, deps, { userId, planId, subscription, at: event.createdAt });
  });
  if (applied) await announceBillingChange(deps.database, userId);
  return { received: true };
}

/** Recorded (so a replay stays a no-op) without its payload: it may name someone who is not our user. */
async function recordUnapplied(deps: BillingDeps, event: ProviderEvent) {
  await recordEvent(deps.db, deps.billing.name, { ...event, payload: { unapplied: true } }, null);
  return { received: true };
}
