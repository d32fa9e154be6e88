import type { PlanInterval } from '../../../shared/plans';
import type { ProviderSubscription } from '.';

const DAY_MS = 24 * 60 * 60 * 1000;

export const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** One billing interval later, clamped to the month's last day as Stripe does (Jan 31 → Feb 28). */
export function addInterval(date: Date, interval: PlanInterval): Date {
  const months = interval === 'year' ? 12 : 1;
  const target = new Date(date);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target;
}

const LIVE = new Set(['trialing', 'active']);

/**
 * Moves a subscription through the period ends that have passed by `now`, as Stripe does: a trial
 * becomes active, each renewal starts a new period, and one set to cancel at the period end ends.
 */
export function advancePeriods(
  sub: ProviderSubscription,
  interval: PlanInterval,
  now: Date,
): ProviderSubscription {
  let next = sub;
  while (LIVE.has(next.status) && next.currentPeriodEnd && next.currentPeriodEnd <= now) {
    const periodEnd: Date = next.currentPeriodEnd;
    if (next.cancelAtPeriodEnd) return { ...next, status: 'canceled', endedAt: periodEnd };
    next = {
      ...next,
      status: 'active',
      currentPeriodStart: periodEnd,
      currentPeriodEnd: addInterval(periodEnd, interval),
    };
  }
  return next;
}
