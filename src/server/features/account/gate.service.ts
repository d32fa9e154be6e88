import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../../shared/errors';
import { type Gate, gateFor } from '../../../shared/gates';
import { isFreePlanId } from '../../../shared/plans';
import { isProfileComplete } from '../../../shared/schemas/profile';
import { isSubscriptionActive } from '../../../shared/subscriptions';
import type { AppEnv, SessionUser } from '../../context';
import type { Database } from '../../db/client';
import { AppError, unauthenticated } from '../../http/errors';
import { findCurrentSubscription, type SubscriptionRow } from '../billing/subscription.queries';
import { getProfile } from '../profile/profile.service';

export interface GateState {
  gate: Gate;
  profileComplete: boolean;
  subscription: SubscriptionRow | null;
  subscriptionActive: boolean;
  /** The plan the user is on now: an active subscription's, else the chosen free plan, else null. */
  planId: string | null;
}

export async function loadGateState(db: Database, user: SessionUser): Promise<GateState> {
  const [profile, subscription] = await Promise.all([
    getProfile(db, user.id),
    findCurrentSubscription(db, user.id),
  ]);
  const profileComplete = isProfileComplete(profile);
  const subscriptionActive = isSubscriptionActive(subscription);
  const onFreePlan = isFreePlanId(user.freePlanId);
  return {
    gate: gateFor({
      role: user.role,
      profileComplete,
      onFreePlan,
      hasActiveSubscription: subscriptionActive,
    }),
    profileComplete,
    subscription,
    subscriptionActive,
    planId: subscriptionActive ? subscription!.planId : onFreePlan ? user.freePlanId : null,
  };
}

/**
 * 401 when signed out; 403 with `profile_required` or `plan_required` until the user has passed
 * the onboarding gates. The web app turns those codes into the redirect.
 */
export function requireOnboarded(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthenticated();
    const { gate } = await loadGateState(db, user);
    if (gate === 'complete-profile') {
      throw new AppError(403, ERROR_CODES.profileRequired, 'Complete your business profile first');
    }
    if (gate === 'onboarding') throw new AppError(403, ERROR_CODES.planRequired, 'Choose a plan first');
    await next();
  };
}
