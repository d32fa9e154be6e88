import { Hono } from 'hono';
import { planDisplayName } from '../../../shared/plans';
import {
  ACCOUNT_DELETION_MESSAGES,
  accountSettingsInput,
  deleteAccountInput,
} from '../../../shared/schemas/account';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { checkAccountProof, deleteAccount } from './account.service';
import { loadGateState } from './gate.service';
import { accountSettings, saveAccountSettings } from './settings.service';

export function accountRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .get('/me', requireUser, async (c) => {
      const user = currentUser(c);
      const state = await loadGateState(db, user);
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
          hasPassword: state.hasPassword,
        },
        200,
      );
    })
    .get('/account/settings', requireUser, async (c) =>
      c.json(await accountSettings(db, currentUser(c).id), 200),
    )
    .patch('/account/settings', requireUser, validate('json', accountSettingsInput), async (c) =>
      c.json(await saveAccountSettings(db, currentUser(c).id, c.req.valid('json')), 200),
    )
    .delete(
      '/account',
      requireUser,
      rateLimit(deps, 'delete-account'),
      validate('json', deleteAccountInput),
      async (c) => {
        const user = currentUser(c);
        const { password } = c.req.valid('json');
        await checkAccountProof(
          deps,
          { userId: user.id, sessionId: c.get('sessionId'), password },
          ACCOUNT_DELETION_MESSAGES,
        );
        await deleteAccount(deps, user);
        return c.json({ deleted: true as const }, 200);
      },
    );
}
