import { Hono } from 'hono';
import { z } from 'zod';
import { CALENDAR_FEED_FILE } from '../../../shared/schemas/plan';
import { currentUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { notFound } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import {
  calendarFeedOf,
  calendarFeedStatus,
  newCalendarFeedAddress,
  stopCalendarFeed,
} from './plan-calendar';

/** Path of the feed that calendar apps poll: read with its token alone, never a session (see app.ts). */
export const CALENDAR_FEED_PATH = '/calendar/';

const feedParam = z.object({ file: z.string() });

/**
 * The plan in the user's calendar: the private address (status, new or reset, stop) behind the
 * onboarding gates, and the feed itself, which carries no cookie and answers 404 to a wrong token.
 */
export function planCalendarRoutes(deps: AppDeps) {
  const onboarded = requireOnboarded(deps.db);
  return new Hono<AppEnv>()
    .get('/plan/calendar', onboarded, async (c) =>
      c.json(await calendarFeedStatus(deps.db, currentUser(c).id), 200),
    )
    .post('/plan/calendar', onboarded, rateLimit(deps, 'calendar-address'), async (c) =>
      c.json(await newCalendarFeedAddress(deps.db, currentUser(c).id, deps.config.baseUrl), 201),
    )
    .delete('/plan/calendar', onboarded, async (c) => {
      await stopCalendarFeed(deps.db, currentUser(c).id);
      return c.json({ subscribed: false as const }, 200);
    })
    .get(
      `${CALENDAR_FEED_PATH}:file`,
      rateLimit(deps, 'calendar-feed'),
      validate('param', feedParam),
      async (c) => {
        const token = CALENDAR_FEED_FILE.exec(c.req.valid('param').file)?.[1];
        if (!token) throw notFound('No calendar at this address. It may have been reset.');
        const body = await calendarFeedOf(deps.db, token, deps.config.baseUrl);
        return c.body(body, 200, {
          'Content-Type': 'text/calendar; charset=utf-8',
          'Content-Disposition': 'inline; filename="vidvisor-plan.ics"',
        });
      },
    );
}
