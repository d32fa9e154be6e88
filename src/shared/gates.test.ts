import { describe, expect, it } from 'vitest';
import { gateFor } from './gates';
import { isSubscriptionActive, isSubscriptionEnded } from './subscriptions';

describe('onboarding gates', () => {
  const base = {
    role: 'user' as const,
    profileComplete: true,
    onFreePlan: false,
    hasActiveSubscription: false,
  };

  it.each([
    [{ ...base, profileComplete: false }, 'complete-profile'],
    [{ ...base, profileComplete: false, role: 'super_admin' as const }, 'passed'],
    [{ ...base, profileComplete: false, role: 'admin' as const }, 'passed'],
    [{ ...base, profileComplete: false, onFreePlan: true }, 'complete-profile'],
    [{ ...base }, 'onboarding'],
    [{ ...base, onFreePlan: true }, 'passed'],
    [{ ...base, hasActiveSubscription: true }, 'passed'],
    [{ ...base, role: 'admin' as const }, 'passed'],
    [{ ...base, role: 'super_admin' as const }, 'passed'],
  ])('%o → %s', (input, gate) => {
    expect(gateFor(input)).toBe(gate);
  });
});

describe('subscription state', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const sub = {
    status: 'active',
    currentPeriodEnd: new Date('2026-12-01T00:00:00Z'),
    cancelAtPeriodEnd: false,
    cancelAt: null,
    canceledAt: null,
    endedAt: null,
  };

  it('is active when active or trialing and not ended', () => {
    expect(isSubscriptionActive(sub, now)).toBe(true);
    expect(isSubscriptionActive({ ...sub, status: 'trialing' }, now)).toBe(true);
    expect(isSubscriptionActive({ ...sub, status: 'past_due' }, now)).toBe(false);
    expect(isSubscriptionActive({ ...sub, status: 'canceled' }, now)).toBe(false);
    expect(isSubscriptionActive(null, now)).toBe(false);
  });

  it('has ended when cancel at period end is set and cancel_at has passed', () => {
    const cancelling = { ...sub, cancelAtPeriodEnd: true, cancelAt: new Date('2026-12-01T00:00:00Z') };
    expect(isSubscriptionEnded(cancelling, now)).toBe(false);
    expect(isSubscriptionActive(cancelling, now)).toBe(true);
    const past = { ...cancelling, cancelAt: new Date('2026-11-20T00:00:00Z') };
    expect(isSubscriptionEnded(past, now)).toBe(true);
    expect(isSubscriptionActive(past, now)).toBe(false);
    expect(isSubscriptionEnded({ ...sub, endedAt: new Date('2026-11-01T00:00:00Z') }, now)).toBe(true);
  });
});
