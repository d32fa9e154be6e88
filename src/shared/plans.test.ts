import { describe, expect, it } from 'vitest';
import { formatPrice, isFreePlanId, PLAN_CATALOGUE, planDisplayName } from './plans';

describe('plans', () => {
  it('names every plan as the spec does', () => {
    expect(
      ['free', 'free_annual', 'pro', 'premium', 'pro_annual', 'premium_annual'].map(planDisplayName),
    ).toEqual(['Free', 'Free (Annual)', 'Pro', 'Premium', 'Pro (Annual)', 'Premium (Annual)']);
    expect(planDisplayName('gold')).toBe('Unknown plan');
  });

  it('holds the spec prices and allowances', () => {
    const byId = Object.fromEntries(PLAN_CATALOGUE.map((p) => [p.id, p]));
    expect(byId.free).toMatchObject({ priceCents: 0, monthlyTokenLimit: 30_000 });
    expect(byId.free_annual).toMatchObject({ priceCents: 0, monthlyTokenLimit: 30_000 });
    expect(byId.pro).toMatchObject({ priceCents: 700, monthlyTokenLimit: 200_000, interval: 'month' });
    expect(byId.pro_annual).toMatchObject({ priceCents: 4200, monthlyTokenLimit: 200_000, interval: 'year' });
    expect(byId.premium).toMatchObject({ priceCents: 1100, monthlyTokenLimit: null });
    expect(byId.premium_annual).toMatchObject({ priceCents: 6600, monthlyTokenLimit: null });
  });

  it('shows prices as dollars from cents', () => {
    expect(formatPrice(0)).toBe('$0');
    expect(formatPrice(700)).toBe('$7');
    expect(formatPrice(4250)).toBe('$42.50');
  });

  it('knows the free plan ids', () => {
    expect(isFreePlanId('free')).toBe(true);
    expect(isFreePlanId('free_annual')).toBe(true);
    expect(isFreePlanId('pro')).toBe(false);
  });
});
