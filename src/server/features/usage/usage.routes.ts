import { Hono } from 'hono';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { getUsageSummary } from './usage.service';

export function usageRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get('/usage', requireUser, async (c) => {
    return c.json(await getUsageSummary(db, currentUser(c)), 200);
  });
}
