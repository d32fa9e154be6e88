import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { testCardResult } from '../../../shared/billing';
import { isPaidPlanId, PLAN_CATALOGUE, type PlanInterval } from '../../../shared/plans';
import type { TestCardInput } from '../../../shared/schemas/billing';
import type { Database } from '../../db/client';
import { billingEvents, paymentMethods, subscriptions } from '../../db/schema';
import {
  type BillingProvider,
  BillingProviderError,
  CHECKOUT_SESSION_PLACEHOLDER,
  type CheckoutSessionSummary,
  type CompletedCheckout,
  type ProviderCard,
  type ProviderSubscription,
} from '.';
import { addDays, addInterval, advancePeriods } from './periods';

/** The path of the in-app test checkout page (the web app's route). */
export const LOCAL_CHECKOUT_PATH = '/billing/test-checkout';
const SESSION_PREFIX = 'lcs_';
const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** What a local checkout session carries, signed so no table is needed to hold open sessions. */
interface LocalSession {
  /** nonce: the ids of everything the session creates derive from it */
  n: string;
  u: string;
  c: string;
  m: 'subscription' | 'setup';
  /** plan id (subscription mode) */
  p?: string;
  t?: number;
  /** success URL */
  s: string;
  /** expiry, ms since epoch */
  e: number;
}

export interface LocalCheckoutDetails {
  id: string;
  mode: 'subscription' | 'setup';
  status: CheckoutSessionSummary['status'];
  planId: string | null;
  trialDays: number;
  cancelUrl: string;
}

export interface LocalBillingProvider extends BillingProvider {
  readonly name: 'local';
  /** The session as the test checkout page shows it, when it belongs to the user. */
  describeCheckout(sessionId: string, userId: string): LocalCheckoutDetails | null;
  /** Pays (or saves the card of) a session with a test card: what Stripe's hosted page does. */
  completeCheckout(
    sessionId: string,
    userId: string,
    card: TestCardInput,
  ): Promise<{ completed: CompletedCheckout; successUrl: string; eventId: string }>;
}

const ids = (nonce: string) => ({
  subscription: `lsub_${nonce}`,
  item: `lsi_${nonce}`,
  paymentMethod: `lpm_${nonce}`,
  checkoutEvent: `evt_local_${nonce}_checkout`,
});

function intervalOf(planId: string): PlanInterval {
  const plan = PLAN_CATALOGUE.find((p) => p.id === planId);
  if (!plan) throw new BillingProviderError('unknown_price', `Unknown plan: ${planId}`, 404);
  return plan.interval;
}

/**
 * The default provider: no account needed. Checkout happens on our own test page; the subscription
 * state it owns is the `subscriptions` row of provider 'local', moved through periods, trials,
 * cancellation and resumption the way Stripe moves its own.
 */
export function createLocalBillingProvider(options: {
  db: Database;
  secret: string;
  baseUrl: string;
  now?: () => Date;
}): LocalBillingProvider {
  const { db, baseUrl } = options;
  const now = options.now ?? (() => new Date());
  const key = createHmac('sha256', options.secret).update('vidvisor-local-billing').digest();

  const sign = (body: string) => createHmac('sha256', key).update(body).digest('base64url');

  function encodeSession(session: LocalSession): string {
    const body = Buffer.from(JSON.stringify(session)).toString('base64url');
    return `${SESSION_PREFIX}${body}.${sign(body)}`;
  }

  function decodeSession(id: string): LocalSession | null {
    if (!id.startsWith(SESSION_PREFIX)) return null;
    const [body, signature] = id.slice(SESSION_PREFIX.length).split('.');
    if (!body || !signature) return null;
    const expected = Buffer.from(sign(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LocalSession;
    } catch {
      return null;
    }
  }

  function newSession(fields: Omit<LocalSession, 'n' | 'e'>) {
    const session: LocalSession = {
      ...fields,
      n: randomBytes(12).toString('base64url'),
      e: now().getTime() + SESSION_LIFETIME_MS,
    };
    const id = encodeSession(session);
    return { id, url: `${baseUrl}${LOCAL_CHECKOUT_PATH}?session=${encodeURIComponent(id)}` };
  }

  async function isComplete(session: LocalSession): Promise<boolean> {
    const [row] = await db
      .select({ id: billingEvents.id })
      .from(billingEvents)
      .where(eq(billingEvents.providerEventId, ids(session.n).checkoutEvent))
      .limit(1);
    return Boolean(row);
  }

  async function storedSubscription(subscriptionId: string): Promise<ProviderSubscription> {
    const [row] = await db
      .select()
      .from(subscriptions)
      .where(
        and(eq(subscriptions.providerSubscriptionId, subscriptionId), eq(subscriptions.provider, 'local')),
      )
      .limit(1);
    if (!row) throw new BillingProviderError('resource_missing', 'No such subscription', 404);
    const sub: ProviderSubscription = {
      id: row.providerSubscriptionId,
      customerId: row.providerCustomerId ?? '',
      itemId: row.providerItemId,
      priceRef: row.planId,
      status: row.status,
      currentPeriodStart: row.currentPeriodStart,
      currentPeriodEnd: row.currentPeriodEnd,
      trialEnd: row.trialEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
      cancelAt: row.cancelAt,
      canceledAt: row.canceledAt,
      endedAt: row.endedAt,
      defaultPaymentMethodId: row.defaultPaymentMethodId,
    };
    return advancePeriods(sub, intervalOf(sub.priceRef), now());
  }

  async function storedCard(paymentMethodId: string): Promise<ProviderCard | null> {
    const [row] = await db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.providerPaymentMethodId, paymentMethodId))
      .limit(1);
    return row
      ? {
          id: row.providerPaymentMethodId,
          brand: row.brand,
          last4: row.last4,
          expMonth: row.expMonth,
          expYear: row.expYear,
        }
      : null;
  }

  function statusOf(session: LocalSession, complete: boolean): CheckoutSessionSummary['status'] {
    if (complete) return 'complete';
    return session.e < now().getTime() ? 'expired' : 'open';
  }

  function newSubscription(session: LocalSession, paymentMethodId: string): ProviderSubscription {
    const start = now();
    const trialDays = session.t ?? 0;
    const end = trialDays > 0 ? addDays(start, trialDays) : addInterval(start, intervalOf(session.p!));
    const { subscription, item } = ids(session.n);
    return {
      id: subscription,
      customerId: session.c,
      itemId: item,
      priceRef: session.p!,
      status: trialDays > 0 ? 'trialing' : 'active',
      currentPeriodStart: start,
      currentPeriodEnd: end,
      trialEnd: trialDays > 0 ? end : null,
      cancelAtPeriodEnd: false,
      cancelAt: null,
      canceledAt: null,
      endedAt: null,
      defaultPaymentMethodId: paymentMethodId,
    };
  }

  async function update(
    subscriptionId: string,
    change: (sub: ProviderSubscription) => ProviderSubscription,
  ): Promise<ProviderSubscription> {
    const sub = await storedSubscription(subscriptionId);
    if (sub.status === 'canceled') {
      throw new BillingProviderError('subscription_canceled', 'This subscription has already ended', 409);
    }
    return change(sub);
  }

  return {
    name: 'local',

    async createCustomer() {
      return `lcus_${randomUUID().replaceAll('-', '')}`;
    },

    async createSubscriptionCheckout(input) {
      if (!isPaidPlanId(input.priceRef)) {
        throw new BillingProviderError('unknown_price', `Unknown plan: ${input.priceRef}`, 404);
      }
      return newSession({
        u: input.userId,
        c: input.customerId,
        m: 'subscription',
        p: input.priceRef,
        t: input.trialDays,
        s: input.successUrl,
      });
    },

    async createSetupCheckout(input) {
      return newSession({ u: input.userId, c: input.customerId, m: 'setup', s: input.successUrl });
    },

    async getCheckoutSession(sessionId) {
      const session = decodeSession(sessionId);
      if (!session) return null;
      const complete = await isComplete(session);
      const summary = { id: sessionId, mode: session.m, customerId: session.c };
      if (!complete) return { ...summary, status: statusOf(session, false) };
      const { subscription, paymentMethod } = ids(session.n);
      return {
        ...summary,
        status: 'complete',
        subscription: session.m === 'subscription' ? await storedSubscription(subscription) : null,
        card: await storedCard(paymentMethod),
      };
    },

    describeCheckout(sessionId, userId) {
      const session = decodeSession(sessionId);
      if (!session || session.u !== userId) return null;
      return {
        id: sessionId,
        mode: session.m,
        status: statusOf(session, false),
        planId: session.p ?? null,
        trialDays: session.t ?? 0,
        cancelUrl: session.m === 'setup' ? '/profile?tab=payment-method' : '/onboarding',
      };
    },

    async completeCheckout(sessionId, userId, cardInput) {
      const session = decodeSession(sessionId);
      if (!session || session.u !== userId) {
        throw new BillingProviderError('resource_missing', 'No such checkout session', 404);
      }
      if (await isComplete(session)) {
        throw new BillingProviderError('session_complete', 'This checkout is already complete', 409);
      }
      if (statusOf(session, false) === 'expired') {
        throw new BillingProviderError('session_expired', 'This checkout has expired: start again', 409);
      }
      const result = testCardResult(cardInput.cardNumber);
      if (!result.ok) throw new BillingProviderError(result.code, result.message, 402);
      const nonceIds = ids(session.n);
      const [month, year] = cardInput.expiry.split('/').map(Number);
      const card: ProviderCard = {
        id: nonceIds.paymentMethod,
        brand: result.brand,
        last4: cardInput.cardNumber.replace(/\s+/g, '').slice(-4),
        expMonth: month!,
        expYear: 2000 + year!,
      };
      const completed: CompletedCheckout = {
        id: sessionId,
        mode: session.m,
        status: 'complete',
        customerId: session.c,
        subscription: session.m === 'subscription' ? newSubscription(session, card.id) : null,
        card,
      };
      return {
        completed,
        successUrl: session.s.replace(CHECKOUT_SESSION_PLACEHOLDER, encodeURIComponent(sessionId)),
        eventId: nonceIds.checkoutEvent,
      };
    },

    getSubscription: storedSubscription,

    changePrice(sub, priceRef) {
      const interval = intervalOf(priceRef);
      return update(sub.id, (current) => {
        const changed = { ...current, priceRef, cancelAtPeriodEnd: false, cancelAt: null, canceledAt: null };
        // A new interval restarts the billing period now (the unused part is prorated), as Stripe does.
        if (current.status === 'active' && intervalOf(current.priceRef) !== interval) {
          const start = now();
          return { ...changed, currentPeriodStart: start, currentPeriodEnd: addInterval(start, interval) };
        }
        return changed;
      });
    },

    setCancelAtPeriodEnd(subscriptionId, cancel) {
      return update(subscriptionId, (sub) => ({
        ...sub,
        cancelAtPeriodEnd: cancel,
        cancelAt: cancel ? sub.currentPeriodEnd : null,
        canceledAt: cancel ? now() : null,
      }));
    },

    cancelNow(subscriptionId) {
      return update(subscriptionId, (sub) => {
        const at = now();
        return { ...sub, status: 'canceled', cancelAtPeriodEnd: false, canceledAt: at, endedAt: at };
      });
    },

    setDefaultPaymentMethod(subscriptionId, paymentMethodId) {
      return update(subscriptionId, (sub) => ({ ...sub, defaultPaymentMethodId: paymentMethodId }));
    },
  };
}
