import { Hono } from 'hono';
import { uuidParam } from '../../../shared/schemas/common';
import {
  adminPicksQuery,
  lookupVideoQuery,
  pickInput,
  reorderPicksInput,
} from '../../../shared/schemas/suggestions';
import { currentUser, requireRole } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { validate } from '../../http/validate';
import { addPick, adminPicks, lookupVideo, removePick, reorderPicks, updatePick } from './picks.service';

/** The weekly picks, for super admins: list a week, look a link up, add, edit, reorder, remove (audited). */
export function suggestionsAdminRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>()
    .use(requireRole('super_admin'))
    .get('/', validate('query', adminPicksQuery), async (c) => {
      return c.json(await adminPicks(db, c.req.valid('query').week, new Date()), 200);
    })
    .get('/lookup', validate('query', lookupVideoQuery), async (c) => {
      return c.json(await lookupVideo(deps, c.req.valid('query').url), 200);
    })
    .post('/', validate('json', pickInput), async (c) => {
      return c.json({ pick: await addPick(db, currentUser(c), c.req.valid('json')) }, 201);
    })
    .put('/order', validate('json', reorderPicksInput), async (c) => {
      const { week, ids } = c.req.valid('json');
      return c.json({ picks: await reorderPicks(db, currentUser(c), week, ids) }, 200);
    })
    .put('/:id', validate('param', uuidParam), validate('json', pickInput), async (c) => {
      const pick = await updatePick(db, currentUser(c), c.req.valid('param').id, c.req.valid('json'));
      return c.json({ pick }, 200);
    })
    .delete('/:id', validate('param', uuidParam), async (c) => {
      await removePick(db, currentUser(c), c.req.valid('param').id);
      return c.json({ deleted: true as const }, 200);
    });
}
