/** The spec's usage-limit message, shown instead of the chat input and returned with HTTP 402. */
export const USAGE_LIMIT_EXCEEDED_MESSAGE =
  'You have exceeded your monthly usage limit. Please upgrade your plan to continue using the app.';

/**
 * A monthly token allowance: a number of tokens, 'unlimited' (Premium, staff), or 'unknown'
 * (no plan, or a plan id we do not know), which counts as exceeded.
 */
export type TokenAllowance = number | 'unlimited' | 'unknown';

/** The spec's rule: exceeded when the limit is below usage; unlimited never; unknown always. */
export function isUsageExceeded(allowance: TokenAllowance, usedTokens: number): boolean {
  if (allowance === 'unlimited') return false;
  if (allowance === 'unknown') return true;
  return allowance < usedTokens;
}

export type UsageLevel = 'normal' | 'warning' | 'exceeded';

/** Percent of a limit used; an unlimited allowance (null) counts as 0 %. */
export function usagePercent(usedTokens: number, limit: number | null): number {
  if (limit === null) return 0;
  if (limit <= 0) return usedTokens > 0 ? Number.POSITIVE_INFINITY : 0;
  return (usedTokens / limit) * 100;
}

/** The bar's colour: normal up to 90 %, warning above 90 % up to 100 %, exceeded above 100 %. */
export function usageLevel(percent: number): UsageLevel {
  if (percent > 100) return 'exceeded';
  if (percent > 90) return 'warning';
  return 'normal';
}

export const USAGE_LEVEL_LABELS: Record<UsageLevel, string | null> = {
  normal: null,
  warning: 'Approaching usage limit',
  exceeded: 'Usage limit exceeded',
};
