import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../../shared/errors';
import { type Gate, gateFor } from '../../../shared/gates';
import { isFreePlanId } from '../../../shared/plans';
import { isStaff } from '../../../shared/roles';
import { type BusinessProfileInput, EMPTY_PROFILE, isProfileComplete } from '../../../shared/schemas/profile';
import { isSubscriptionActive } from '../../../shared/subscriptions';
import type { AppEnv, SessionUser } from '../../context';
import type { Database } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { accounts, plans, profiles, subscriptions, users } from '../../db/schema';
import { AppError, unauthenticated } from '../../http/errors';
import type { PlanRow, SubscriptionRow } from '../billing/subscription.queries';
import { toBusinessProfile } from '../profile/profile.service';

export interface GateState {
  gate: Gate;
  profileComplete: boolean;
  subscription: SubscriptionRow | null;
  subscriptionActive: boolean;
  /** The plan the user is on now: an active subscription's, else the chosen free plan, else null. */
  planId: string | null;
  /** That plan's row (its limits), read with the rest; null when there is none. */
  plan: PlanRow | null;
  /** Signs in with a password (an e-mail identity). */
  hasPassword: boolean;
  /** The business profile as saved (empty fields when there is none): the reply's prompt reads it here. */
  profile: BusinessProfileInput;
}

const subscriptionPlans = alias(plans, 'subscription_plan');
const freePlans = alias(plans, 'free_plan');

/**
 * What the gates read, in one round trip: the profile row, the newest subscription, whether the user
 * has a password (every signed-in page asks for this through /api/me), and the rows of the plans the
 * user may be on (the usage limit of a reply reads them here, decision 070).
 */
const accountSnapshotQuery = preparedFor((db) => {
  const newestSubscriptionId = sql`(select s.id from ${subscriptions} s where s.user_id = ${users.id} order by s.created_at desc limit 1)`;
  return db
    .select({
      profile: profiles,
      subscription: subscriptions,
      subscriptionPlan: subscriptionPlans,
      freePlan: freePlans,
      freePlanId: users.freePlanId,
      hasPassword: sql<boolean>`exists (select 1 from ${accounts} where ${accounts.userId} = ${users.id} and ${accounts.providerId} = 'credential')`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(subscriptions, eq(subscriptions.id, newestSubscriptionId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptions.planId))
    .leftJoin(freePlans, eq(freePlans.id, users.freePlanId))
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('account_snapshot');
});

async function loadAccountSnapshot(db: Database, userId: string) {
  const [row] = await accountSnapshotQuery(db).execute({ userId });
  // A session kept in Better Auth's cookie cache can outlive its account (decision 072): it ends here.
  if (!row) throw unauthenticated();
  return {
    profile: row.profile ? toBusinessProfile(row.profile) : structuredClone(EMPTY_PROFILE),
    subscription: row.subscription,
    plans: [row.subscriptionPlan, row.freePlan],
    freePlanId: row.freePlanId,
    hasPassword: Boolean(row.hasPassword),
  };
}

/**
 * The signed-in user object is made once per request, so keying on it reads the account once per
 * request however many guards and rules ask (the onboarding gate, then the usage limit).
 */
const statePerRequest = new WeakMap<SessionUser, Promise<GateState>>();

export function loadGateState(db: Database, user: SessionUser): Promise<GateState> {
  let state = statePerRequest.get(user);
  if (!state) {
    state = readGateState(db, user);
    statePerRequest.set(user, state);
    state.catch(() => statePerRequest.delete(user));
  }
  return state;
}

async function readGateState(db: Database, user: SessionUser): Promise<GateState> {
  // The free plan as the account row has it, not as a cached session may (decision 072).
  const { profile, subscription, plans, freePlanId, hasPassword } = await loadAccountSnapshot(db, user.id);
  const profileComplete = isProfileComplete(profile);
  const subscriptionActive = isSubscriptionActive(subscription);
  const onFreePlan = isFreePlanId(freePlanId);
  const planId = subscriptionActive ? subscription!.planId : onFreePlan ? freePlanId : null;
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
    planId,
    plan: plans.find((plan) => plan !== null && plan.id === planId) ?? null,
    hasPassword,
    profile,
  };
}

const profileRequired = () =>
  new AppError(403, ERROR_CODES.profileRequired, 'Complete your business profile first');

/**
 * 401 when signed out; 403 `profile_required` until the business profile is complete (plan choice).
 * Staff pass, as they pass every onboarding gate.
 */
export function requireProfileComplete(db: Database): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) throw unauthenticated();
    const { profileComplete } = await loadGateState(db, user);
    if (!profileComplete && !isStaff(user.role)) throw profileRequired();
    await next();
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
    assertOnboarded(await loadGateState(db, user));
    await next();
  };
}

/** The onboarding gates as a check: 403 `profile_required` or `plan_required` until both are passed. */
export function assertOnboarded({ gate }: GateState): void {
  if (gate === 'complete-profile') throw profileRequired();
  if (gate === 'onboarding') throw new AppError(403, ERROR_CODES.planRequired, 'Choose a plan first');
}
