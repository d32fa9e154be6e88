import { Hono } from 'hono';
import { businessProfileInput } from '../../../shared/schemas/profile';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { validate } from '../../http/validate';
import { getProfile, saveProfile } from './profile.service';

/** The business profile: read (the default empty one when none is saved) and save, with the read-only e-mail. */
export function profileRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/profile', requireUser, async (c) => {
      const user = currentUser(c);
      return c.json({ ...(await getProfile(db, user.id)), email: user.email }, 200);
    })
    .put('/profile', requireUser, validate('json', businessProfileInput), async (c) => {
      const user = currentUser(c);
      const saved = await saveProfile(db, user.id, c.req.valid('json'));
      return c.json({ ...saved, email: user.email }, 200);
    });
}
