import { Hono } from 'hono';
import { businessProfileInput } from '../../../shared/schemas/profile';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { profiles } from '../../db/schema';
import { validate } from '../../http/validate';
import { getProfile, toProfileColumns } from './profile.service';

/**
 * Minimal GET/PUT /api/profile (the billing issue owns the full version; same contract): the journeys
 * of the library issue need a complete profile to pass the gate.
 */
export function profileRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/', async (c) => {
      const user = currentUser(c);
      return c.json({ ...(await getProfile(db, user.id)), email: user.email }, 200);
    })
    .put('/', validate('json', businessProfileInput), async (c) => {
      const user = currentUser(c);
      const columns = toProfileColumns(c.req.valid('json'));
      await db
        .insert(profiles)
        .values({ userId: user.id, ...columns })
        .onConflictDoUpdate({ target: profiles.userId, set: { ...columns, updatedAt: new Date() } });
      return c.json({ ...(await getProfile(db, user.id)), email: user.email }, 200);
    });
}
