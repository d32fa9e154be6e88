import { describe, expect, it } from 'vitest';
import type { ProviderSubscription } from '.';
import { addInterval, advancePeriods } from './periods';

const at = (iso: string) => new Date(iso);
const trial: ProviderSubscription = {
  id: 'lsub_1',
  customerId: 'lcus_1',
  itemId: 'lsi_1',
  priceRef: 'pro',
  status: 'trialing',
  currentPeriodStart: at('2026-01-24T10:00:00Z'),
  currentPeriodEnd: at('2026-01-31T10:00:00Z'),
  trialEnd: at('2026-01-31T10:00:00Z'),
  cancelAtPeriodEnd: false,
  cancelAt: null,
  canceledAt: null,
  endedAt: null,
  defaultPaymentMethodId: 'lpm_1',
};

describe('local billing periods', () => {
  it('adds a month clamped to the month end, and a year', () => {
    expect(addInterval(at('2026-01-31T10:00:00Z'), 'month')).toEqual(at('2026-02-28T10:00:00Z'));
    expect(addInterval(at('2026-03-15T00:00:00Z'), 'month')).toEqual(at('2026-04-15T00:00:00Z'));
    expect(addInterval(at('2028-02-29T00:00:00Z'), 'year')).toEqual(at('2029-02-28T00:00:00Z'));
  });

  it('turns a finished trial into an active period, then renews', () => {
    expect(advancePeriods(trial, 'month', at('2026-01-30T00:00:00Z'))).toBe(trial);
    const renewed = advancePeriods(trial, 'month', at('2026-03-01T00:00:00Z'));
    expect(renewed).toMatchObject({
      status: 'active',
      currentPeriodStart: at('2026-02-28T10:00:00Z'),
      currentPeriodEnd: at('2026-03-28T10:00:00Z'),
    });
  });

  it('ends a subscription set to cancel at its period end', () => {
    const cancelling = { ...trial, cancelAtPeriodEnd: true, cancelAt: trial.currentPeriodEnd };
    expect(advancePeriods(cancelling, 'month', at('2026-02-10T00:00:00Z'))).toMatchObject({
      status: 'canceled',
      endedAt: trial.currentPeriodEnd,
    });
  });
});
