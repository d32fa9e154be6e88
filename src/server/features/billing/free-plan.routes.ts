import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { FREE_PLAN_IDS } from '../../../shared/plans';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { users } from '../../db/schema';
import { validate } from '../../http/validate';

const freePlanInput = z.object({ planId: z.enum(FREE_PLAN_IDS) });

/**
 * Minimal POST /api/billing/free-plan (the billing issue owns the full version; same contract): marks the
 * user as on a free plan, which passes the plan gate.
 */
export function freePlanRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().post('/free-plan', requireUser, validate('json', freePlanInput), async (c) => {
    const { planId } = c.req.valid('json');
    await db
      .update(users)
      .set({ freePlanId: planId, updatedAt: new Date() })
      .where(eq(users.id, currentUser(c).id));
    return c.json({ planId }, 200);
  });
}
