export const PLAN_IDS = ['free', 'free_annual', 'pro', 'pro_annual', 'premium', 'premium_annual'] as const;
export type PlanId = (typeof PLAN_IDS)[number];
export type PlanInterval = 'month' | 'year';
export type PlanTier = 'free' | 'pro' | 'premium';

export const FREE_PLAN_IDS = ['free', 'free_annual'] as const satisfies readonly PlanId[];
export type FreePlanId = (typeof FREE_PLAN_IDS)[number];

export interface PlanDefinition {
  id: PlanId;
  name: string;
  tier: PlanTier;
  interval: PlanInterval;
  priceCents: number;
  /** null = unlimited */
  monthlyTokenLimit: number | null;
  dailyMessageLimit: number | null;
  sortOrder: number;
}

/** The spec's plan table (section 9); the seed writes it to the `plans` table, which the app then reads. */
export const PLAN_CATALOGUE: readonly PlanDefinition[] = [
  plan('free', 'Free', 'free', 'month', 0, 30_000, 1),
  plan('free_annual', 'Free (Annual)', 'free', 'year', 0, 30_000, 2),
  plan('pro', 'Pro', 'pro', 'month', 700, 200_000, 3),
  plan('pro_annual', 'Pro (Annual)', 'pro', 'year', 4200, 200_000, 4),
  plan('premium', 'Premium', 'premium', 'month', 1100, null, 5),
  plan('premium_annual', 'Premium (Annual)', 'premium', 'year', 6600, null, 6),
];

function plan(
  id: PlanId,
  name: string,
  tier: PlanTier,
  interval: PlanInterval,
  priceCents: number,
  monthlyTokenLimit: number | null,
  sortOrder: number,
): PlanDefinition {
  return { id, name, tier, interval, priceCents, monthlyTokenLimit, dailyMessageLimit: null, sortOrder };
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

export function isFreePlanId(value: unknown): value is FreePlanId {
  return typeof value === 'string' && (FREE_PLAN_IDS as readonly string[]).includes(value);
}

/** Display name of a plan id: Free, Free (Annual), Pro, Premium, Pro (Annual), Premium (Annual). */
export function planDisplayName(id: string): string {
  return PLAN_CATALOGUE.find((p) => p.id === id)?.name ?? 'Unknown plan';
}

/** Prices are stored in cents and shown as dollars: 700 → '$7', 4250 → '$42.50'. */
export function formatPrice(cents: number): string {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)}`;
}

export const PAID_PLAN_IDS = [
  'pro',
  'pro_annual',
  'premium',
  'premium_annual',
] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof PAID_PLAN_IDS)[number];

/** Trial days of a first paid subscription. */
export const TRIAL_DAYS = 7;

export function isPaidPlanId(value: unknown): value is PaidPlanId {
  return typeof value === 'string' && (PAID_PLAN_IDS as readonly string[]).includes(value);
}
