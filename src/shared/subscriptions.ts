/** The parts of a subscription the display and gate rules read (times as Date). */
export interface SubscriptionState {
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  cancelAt: Date | null;
  canceledAt: Date | null;
  endedAt: Date | null;
}

const LIVE_STATUSES = new Set(['active', 'trialing']);

/** The spec's ended rule: cancel at period end is set and cancel_at has passed (or the provider says it ended). */
export function isSubscriptionEnded(sub: SubscriptionState, now = new Date()): boolean {
  if (sub.endedAt && sub.endedAt <= now) return true;
  return sub.cancelAtPeriodEnd && sub.cancelAt !== null && sub.cancelAt <= now;
}

/** Active for the onboarding gate: present, not ended, and active or trialing. */
export function isSubscriptionActive(sub: SubscriptionState | null | undefined, now = new Date()): boolean {
  return Boolean(sub && LIVE_STATUSES.has(sub.status) && !isSubscriptionEnded(sub, now));
}
