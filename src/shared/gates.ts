import { isStaff, type Role } from './roles';

/** Where a signed-in user must go before the app proper: the post-sign-in routing of the spec and issue #4. */
export type Gate = 'complete-profile' | 'onboarding' | 'passed';

export interface GateInput {
  role: Role;
  profileComplete: boolean;
  /** The user chose a free plan (free or free_annual). */
  onFreePlan: boolean;
  hasActiveSubscription: boolean;
}

/**
 * Profile first, for everyone; then, unless staff or on a free plan, an active subscription.
 */
export function gateFor(input: GateInput): Gate {
  if (!input.profileComplete) return 'complete-profile';
  if (isStaff(input.role) || input.onFreePlan || input.hasActiveSubscription) return 'passed';
  return 'onboarding';
}
