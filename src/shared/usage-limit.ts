import { isStaff, type Role } from './roles';

export interface UsageLimitInput {
  role: Role;
  /** The plan's monthly token limit: a number, null for unlimited, undefined when the plan is unknown. */
  monthlyTokenLimit: number | null | undefined;
  tokensThisMonth: number;
}

/**
 * The spec's rule: exceeded when the plan's limit is below usage; an unlimited plan never exceeds;
 * an unknown plan counts as exceeded; admins and super admins are never limited.
 */
export function isUsageExceeded({ role, monthlyTokenLimit, tokensThisMonth }: UsageLimitInput): boolean {
  if (isStaff(role)) return false;
  if (monthlyTokenLimit === undefined) return true;
  if (monthlyTokenLimit === null) return false;
  return monthlyTokenLimit < tokensThisMonth;
}
