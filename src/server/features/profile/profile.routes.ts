import { Hono } from 'hono';
import { businessProfileInput } from '../../../shared/schemas/profile';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { profiles } from '../../db/schema';
import { validate } from '../../http/validate';
import { getProfile, toProfileColumns } from './profile.service';

/** The business profile: read (the default empty one when none is saved) and save (upsert). */
export function profileRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/profile', requireUser, async (c) => c.json(await getProfile(db, currentUser(c).id), 200))
    .put('/profile', requireUser, validate('json', businessProfileInput), async (c) => {
      const userId = currentUser(c).id;
      const columns = toProfileColumns(c.req.valid('json'));
      await db
        .insert(profiles)
        .values({ userId, ...columns })
        .onConflictDoUpdate({ target: profiles.userId, set: { ...columns, updatedAt: new Date() } });
      return c.json(await getProfile(db, userId), 200);
    });
}
