import Stripe from 'stripe';
import { SUBSCRIPTION_STATUSES } from '../../db/schema';
import {
  type BillingProvider,
  BillingProviderError,
  type CompletedCheckout,
  type ProviderCard,
  type ProviderEvent,
  type ProviderSubscription,
  type SubscriptionStatus,
} from '.';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (tests: a local server speaking Stripe's wire format). */
  apiUrl?: string;
}

const STATUSES = new Set<string>(SUBSCRIPTION_STATUSES);
/** A status newer than our list reads as incomplete: not active, so the gates stay closed. */
const knownStatus = (status: string): SubscriptionStatus =>
  STATUSES.has(status) ? (status as SubscriptionStatus) : 'incomplete';

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export function toProviderSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items.data[0];
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    itemId: item?.id ?? null,
    priceRef: item?.price.id ?? '',
    status: knownStatus(sub.status),
    currentPeriodStart: toDate(item?.current_period_start),
    currentPeriodEnd: toDate(item?.current_period_end),
    trialEnd: toDate(sub.trial_end),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    cancelAt: toDate(sub.cancel_at),
    canceledAt: toDate(sub.canceled_at),
    endedAt: toDate(sub.ended_at),
    defaultPaymentMethodId: idOf(sub.default_payment_method),
  };
}

function toCard(method: string | Stripe.PaymentMethod | null | undefined): ProviderCard | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  const { brand, last4, exp_month, exp_year } = method.card;
  return { id: method.id, brand, last4, expMonth: exp_month, expYear: exp_year };
}

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
]);
const INVOICE_EVENTS = new Set(['invoice.payment_failed', 'invoice.paid']);

/** A verified Stripe event in our terms. */
export function toProviderEvent(event: Stripe.Event): ProviderEvent {
  const base = { id: event.id, type: event.type, createdAt: new Date(event.created * 1000), payload: event };
  const object = event.data.object as unknown;
  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    return {
      ...base,
      kind: 'subscription',
      subscription: toProviderSubscription(object as Stripe.Subscription),
    };
  }
  if (event.type === 'checkout.session.completed') {
    return { ...base, kind: 'checkout', sessionId: (object as Stripe.Checkout.Session).id };
  }
  if (INVOICE_EVENTS.has(event.type)) {
    const subscriptionId = idOf((object as Stripe.Invoice).parent?.subscription_details?.subscription);
    if (subscriptionId) return { ...base, kind: 'subscription-ref', subscriptionId };
  }
  return { ...base, kind: 'ignored' };
}

/** Stripe's refusals the user caused become our errors; the rest (network, auth) stay failures. */
async function translateErrors<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) {
      throw new BillingProviderError(error.code ?? 'card_declined', error.message, 402);
    }
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing') {
      throw new BillingProviderError('resource_missing', error.message, 404);
    }
    throw error;
  }
}

export function createStripeBillingProvider(options: StripeProviderOptions): BillingProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Vidvisor' },
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });

  const subscription = async (id: string) => toProviderSubscription(await stripe.subscriptions.retrieve(id));
  const updateSubscription = (id: string, params: Stripe.SubscriptionUpdateParams) =>
    translateErrors(async () => toProviderSubscription(await stripe.subscriptions.update(id, params)));

  return {
    name: 'stripe',

    async createCustomer({ userId, email, name }) {
      const customer = await stripe.customers.create(
        { email, name, metadata: { userId } },
        { idempotencyKey: `customer-${userId}` },
      );
      return customer.id;
    },

    createSubscriptionCheckout(input) {
      return translateErrors(async () => {
        const session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: input.customerId,
          client_reference_id: input.userId,
          line_items: [{ price: input.priceRef, quantity: 1 }],
          subscription_data: {
            metadata: { userId: input.userId },
            ...(input.trialDays > 0 ? { trial_period_days: input.trialDays } : {}),
          },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
        return { id: session.id, url: session.url };
      });
    },

    createSetupCheckout(input) {
      return translateErrors(async () => {
        const session = await stripe.checkout.sessions.create({
          mode: 'setup',
          currency: 'usd',
          customer: input.customerId,
          client_reference_id: input.userId,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        });
        if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
        return { id: session.id, url: session.url };
      });
    },

    async getCheckoutSession(sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.retrieve(sessionId, {
          expand: ['subscription', 'subscription.default_payment_method', 'setup_intent.payment_method'],
        });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
        throw error;
      }
      const summary = {
        id: session.id,
        mode: session.mode === 'setup' ? ('setup' as const) : ('subscription' as const),
        customerId: idOf(session.customer),
      };
      if (session.status !== 'complete') {
        return { ...summary, status: session.status === 'expired' ? 'expired' : 'open' };
      }
      const sub = typeof session.subscription === 'object' ? session.subscription : null;
      const setupIntent = typeof session.setup_intent === 'object' ? session.setup_intent : null;
      const completed: CompletedCheckout = {
        ...summary,
        status: 'complete',
        subscription: sub ? toProviderSubscription(sub) : null,
        card: toCard(sub?.default_payment_method) ?? toCard(setupIntent?.payment_method),
      };
      return completed;
    },

    getSubscription: (id) => translateErrors(() => subscription(id)),

    changePrice(sub, priceRef) {
      if (!sub.itemId) throw new BillingProviderError('no_item', 'This subscription has no item to change');
      return updateSubscription(sub.id, {
        items: [{ id: sub.itemId, price: priceRef }],
        proration_behavior: 'create_prorations',
        cancel_at_period_end: false,
      });
    },

    setCancelAtPeriodEnd: (id, cancel) => updateSubscription(id, { cancel_at_period_end: cancel }),

    cancelNow: (id) =>
      translateErrors(async () => toProviderSubscription(await stripe.subscriptions.cancel(id))),

    setDefaultPaymentMethod: (id, paymentMethodId) =>
      updateSubscription(id, { default_payment_method: paymentMethodId }),

    async createPortalSession(customerId, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    },

    parseWebhook(rawBody, signature) {
      try {
        return toProviderEvent(stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new BillingProviderError('invalid_signature', 'Invalid webhook signature');
        }
        throw error;
      }
    },
  };
}
