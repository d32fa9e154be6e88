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

/** What the Subscription tab shows under the plan name. */
export type SubscriptionDateLine =
  | { kind: 'ends'; date: Date }
  | { kind: 'next-payment'; date: Date }
  | { kind: 'none' };

/**
 * The spec's display rule: canceled_at with no ended_at means it ends at cancel_at; otherwise the next
 * payment date is the end of the current period.
 */
export function subscriptionDateLine(sub: SubscriptionState): SubscriptionDateLine {
  if (sub.canceledAt && !sub.endedAt) {
    const date = sub.cancelAt ?? sub.currentPeriodEnd;
    return date ? { kind: 'ends', date } : { kind: 'none' };
  }
  if (sub.endedAt || !sub.currentPeriodEnd) return { kind: 'none' };
  return { kind: 'next-payment', date: sub.currentPeriodEnd };
}

const STATUS_LABELS: Record<string, string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

/** The badge of a subscription: the provider's status, or 'Cancels' while set to end at the period end. */
export function subscriptionStatusLabel(
  sub: Pick<SubscriptionState, 'status' | 'cancelAtPeriodEnd'>,
): string {
  if (sub.cancelAtPeriodEnd && LIVE_STATUSES.has(sub.status)) return 'Cancels';
  return STATUS_LABELS[sub.status] ?? 'Unknown';
}

/** Whether the Subscription tab offers Resume (set to cancel at the period end, not yet ended). */
export function canResume(sub: SubscriptionState, now = new Date()): boolean {
  return sub.cancelAtPeriodEnd && isSubscriptionActive(sub, now);
}
