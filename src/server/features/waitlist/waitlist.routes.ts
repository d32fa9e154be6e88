import { Hono } from 'hono';
import { joinWaitlistInput } from '../../../shared/schemas/waitlist';
import type { AppDeps, AppEnv } from '../../context';
import { validate } from '../../http/validate';
import { joinWaitlist } from './waitlist.service';

/** The public waitlist form (no account needed). */
export function waitlistRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().post('/', validate('json', joinWaitlistInput), async (c) => {
    await joinWaitlist(db, c.req.valid('json').email);
    return c.json({ joined: true as const }, 200);
  });
}
