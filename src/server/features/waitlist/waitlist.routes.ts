import { Hono } from 'hono';
import { joinWaitlistInput } from '../../../shared/schemas/waitlist';
import type { AppDeps, AppEnv } from '../../context';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { joinWaitlist } from './waitlist.service';

/** The public waitlist form (no account needed). */
export function waitlistRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post(
    '/',
    validate('json', joinWaitlistInput),
    rateLimit(deps, 'waitlist'),
    async (c) => {
      await joinWaitlist(deps.db, c.req.valid('json').email);
      return c.json({ joined: true as const }, 200);
    },
  );
}
