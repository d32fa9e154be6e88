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
 * Staff pass both gates (the spec's roles section); everyone else completes the profile first, then
 * needs a free plan or an active subscription.
 */
export function gateFor(input: GateInput): Gate {
  if (isStaff(input.role)) return 'passed';
  if (!input.profileComplete) return 'complete-profile';
  if (input.onFreePlan || input.hasActiveSubscription) return 'passed';
  return 'onboarding';
}
