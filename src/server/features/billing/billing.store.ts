import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type {
  BillingProviderName,
  ProviderCard,
  ProviderEvent,
  ProviderSubscription,
} from '../../adapters/billing';
import type { Executor } from '../../db/client';
import { billingEvents, paymentMethods, plans, subscriptions, users } from '../../db/schema';

/**
 * Writes of provider state into our tables. Every write takes the transaction it belongs to, so an
 * event and the state it carries are stored together or not at all.
 */

/** Stores an event once: false when its id was seen before (a replay). */
export async function recordEvent(
  tx: Executor,
  provider: BillingProviderName,
  event: Pick<ProviderEvent, 'id' | 'type' | 'createdAt' | 'payload'>,
  userId: string | null,
): Promise<boolean> {
  const inserted = await tx
    .insert(billingEvents)
    .values({
      provider,
      providerEventId: event.id,
      type: event.type,
      userId,
      payload: event.payload ?? {},
      providerCreatedAt: event.createdAt,
    })
    .onConflictDoNothing({ target: billingEvents.providerEventId })
    .returning({ id: billingEvents.id });
  return inserted.length > 0;
}

export async function eventSeen(tx: Executor, eventId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: billingEvents.id })
    .from(billingEvents)
    .where(eq(billingEvents.providerEventId, eventId))
    .limit(1);
  return Boolean(row);
}

/** Our plan id of a provider price: the plan id itself (local), or the plan holding that Stripe price. */
export async function planIdForPrice(
  tx: Executor,
  provider: BillingProviderName,
  priceRef: string,
): Promise<string | null> {
  const column = provider === 'local' ? plans.id : plans.stripePriceId;
  const [row] = await tx.select({ id: plans.id }).from(plans).where(eq(column, priceRef)).limit(1);
  return row?.id ?? null;
}

export async function userIdForCustomer(tx: Executor, customerId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.billingCustomerId, customerId))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Inserts or updates the row of a provider subscription, unless the row already holds newer provider
 * state (`provider_updated_at`): an event that arrives late does not roll the state back.
 * Returns whether the row was written.
 */
export async function upsertSubscription(
  tx: Executor,
  input: {
    userId: string;
    provider: BillingProviderName;
    planId: string;
    subscription: ProviderSubscription;
    providerUpdatedAt: Date;
  },
): Promise<boolean> {
  const { subscription: sub } = input;
  const state = {
    providerCustomerId: sub.customerId,
    providerItemId: sub.itemId,
    planId: input.planId,
    status: sub.status,
    currentPeriodStart: sub.currentPeriodStart,
    currentPeriodEnd: sub.currentPeriodEnd,
    trialEnd: sub.trialEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    cancelAt: sub.cancelAt,
    canceledAt: sub.canceledAt,
    endedAt: sub.endedAt,
    defaultPaymentMethodId: sub.defaultPaymentMethodId,
    providerUpdatedAt: input.providerUpdatedAt,
  };
  const written = await tx
    .insert(subscriptions)
    .values({ userId: input.userId, provider: input.provider, providerSubscriptionId: sub.id, ...state })
    .onConflictDoUpdate({
      target: subscriptions.providerSubscriptionId,
      set: { ...state, updatedAt: sql`now()` },
      setWhere: and(
        lte(subscriptions.providerUpdatedAt, input.providerUpdatedAt),
        eq(subscriptions.userId, input.userId),
      ),
    })
    .returning({ id: subscriptions.id });
  return written.length > 0;
}

export async function upsertCard(
  tx: Executor,
  userId: string,
  provider: BillingProviderName,
  card: ProviderCard,
): Promise<void> {
  const values = { brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear };
  await tx
    .insert(paymentMethods)
    .values({ userId, provider, providerPaymentMethodId: card.id, ...values })
    .onConflictDoUpdate({ target: paymentMethods.providerPaymentMethodId, set: values });
}

/** The card to show: the subscription's default one, else the newest on file. */
export async function findDisplayCard(tx: Executor, userId: string, preferredId: string | null) {
  const cards = await tx
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.createdAt));
  return cards.find((card) => card.providerPaymentMethodId === preferredId) ?? cards[0] ?? null;
}

export async function findCustomerId(tx: Executor, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ customerId: users.billingCustomerId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.customerId ?? null;
}
