import type { SUBSCRIPTION_STATUSES } from '../../db/schema';
import { AppError } from '../../http/errors';

export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export type BillingProviderName = 'local' | 'stripe';

/** A subscription as the provider reports it, in our terms (times as Date). */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  itemId: string | null;
  /** The provider's price reference: a Stripe price id, or our plan id for the local provider. */
  priceRef: string;
  status: SubscriptionStatus;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  canceledAt: Date | null;
  endedAt: Date | null;
  defaultPaymentMethodId: string | null;
}

/** The displayable parts of a card. */
export interface ProviderCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CheckoutSessionSummary {
  id: string;
  mode: 'subscription' | 'setup';
  status: 'open' | 'complete' | 'expired';
  customerId: string | null;
}

/** A completed checkout with what it produced: a subscription (subscription mode) and the card. */
export interface CompletedCheckout extends CheckoutSessionSummary {
  status: 'complete';
  subscription: ProviderSubscription | null;
  card: ProviderCard | null;
}

/**
 * A provider event, normalised. Stripe's come from its webhook; the local provider emits the same
 * kinds for the same transitions, so both go through one code path into `billing_events` and
 * `subscriptions`.
 */
export type ProviderEvent = {
  id: string;
  type: string;
  /** The provider's time of the event: an older event never overwrites newer state. */
  createdAt: Date;
  payload: unknown;
} & (
  | { kind: 'subscription'; subscription: ProviderSubscription }
  /** The subscription changed in a way the event does not carry in full: fetch it. */
  | { kind: 'subscription-ref'; subscriptionId: string }
  | { kind: 'checkout'; sessionId: string }
  | { kind: 'ignored' }
);

export interface CheckoutRequest {
  customerId: string;
  userId: string;
  priceRef: string;
  trialDays: number;
  /** Absolute URL; `{CHECKOUT_SESSION_ID}` is replaced by the session id. */
  successUrl: string;
  cancelUrl: string;
}

export interface SetupRequest {
  customerId: string;
  userId: string;
  successUrl: string;
  cancelUrl: string;
}

/** A provider refused an action the user asked for (e.g. a declined card): shown to the user. */
export class BillingProviderError extends AppError {
  constructor(code: string, message: string, status: 400 | 402 | 404 | 409 = 400) {
    super(status, code, message);
    this.name = 'BillingProviderError';
  }
}

export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** One interface, two providers (local test checkout, Stripe), chosen by BILLING_PROVIDER. */
export interface BillingProvider {
  readonly name: BillingProviderName;
  createCustomer(input: { userId: string; email: string; name: string }): Promise<string>;
  /** A checkout for a new subscription; the browser goes to `url`. */
  createSubscriptionCheckout(input: CheckoutRequest): Promise<{ id: string; url: string }>;
  /** A setup-mode checkout that saves a new card; the browser goes to `url`. */
  createSetupCheckout(input: SetupRequest): Promise<{ id: string; url: string }>;
  /** A session with what it produced once complete; null when unknown. */
  getCheckoutSession(sessionId: string): Promise<CheckoutSessionSummary | CompletedCheckout | null>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /**
   * Moves the subscription's item to another price, prorating the rest of the period, and in the same
   * update keeps it renewing (a paid plan chosen while the subscription was set to end).
   */
  changePrice(sub: { id: string; itemId: string | null }, priceRef: string): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription>;
  /** Ends the subscription now (account deletion). */
  cancelNow(subscriptionId: string): Promise<ProviderSubscription>;
  setDefaultPaymentMethod(subscriptionId: string, paymentMethodId: string): Promise<ProviderSubscription>;
  /** The provider's customer portal, when it has one. */
  createPortalSession?(customerId: string, returnUrl: string): Promise<string>;
  /** Verifies a webhook's signature over the raw body; throws on a bad one. */
  parseWebhook?(rawBody: string, signature: string): ProviderEvent;
}
