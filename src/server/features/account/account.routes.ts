import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { planDisplayName } from '../../../shared/plans';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { accounts } from '../../db/schema';
import { loadGateState } from './gate.service';

export function accountRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get('/me', requireUser, async (c) => {
    const user = currentUser(c);
    const [state, [credential]] = await Promise.all([
      loadGateState(db, user),
      db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
        .limit(1),
    ]);
    return c.json(
      {
        id: user.id,
        email: user.email,
        name: user.name,
        firstName: user.firstName,
        lastName: user.lastName,
        role: user.role,
        emailVerified: user.emailVerified,
        createdAt: user.createdAt.toISOString(),
        plan: state.planId ? { id: state.planId, name: planDisplayName(state.planId) } : null,
        gate: state.gate,
        profileComplete: state.profileComplete,
        subscriptionActive: state.subscriptionActive,
        /** Signs in with a password (an e-mail identity): may change it. */
        hasPassword: Boolean(credential),
      },
      200,
    );
  });
}
