import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { FREE_PLAN_IDS } from '../../../shared/plans';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { users } from '../../db/schema';
import { validate } from '../../http/validate';

const freePlanInput = z.object({ planId: z.enum(FREE_PLAN_IDS) });

/** Choosing the free plan (monthly or annual) on onboarding. */
export function billingRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().post(
    '/billing/free-plan',
    requireUser,
    validate('json', freePlanInput),
    async (c) => {
      const { planId } = c.req.valid('json');
      await db
        .update(users)
        .set({ freePlanId: planId })
        .where(eq(users.id, currentUser(c).id));
      return c.json({ planId }, 200);
    },
  );
}
