import { Hono } from 'hono';
import { keywordsInput, unsubscribeQuery, weeklyEmailInput } from '../../../shared/schemas/suggestions';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import {
  searchFor,
  setWeeklyEmail,
  suggestionsPage,
  trendingFor,
  unsubscribe,
  updateKeywords,
  weeklyEmailSetting,
} from './suggestions.service';

/**
 * Video suggestions: this week's picks, trending, keyword search and the user's keywords (past the
 * onboarding gates); the weekly e-mail setting (any signed-in user: it also sits in /profile); and the
 * e-mail's one-click unsubscribe, which needs no sign-in (its secret is the link's token).
 */
export function suggestionsRoutes(deps: AppDeps) {
  const { db } = deps;
  const onboarded = requireOnboarded(db);
  return new Hono<AppEnv>()
    .get('/', onboarded, async (c) => c.json(await suggestionsPage(deps, currentUser(c), new Date()), 200))
    .get('/trending', onboarded, async (c) =>
      c.json(await trendingFor(deps, currentUser(c), new Date()), 200),
    )
    .get('/search', onboarded, async (c) => c.json(await searchFor(deps, currentUser(c), new Date()), 200))
    .put('/keywords', onboarded, validate('json', keywordsInput), async (c) => {
      return c.json(await updateKeywords(db, currentUser(c), c.req.valid('json').keywords), 200);
    })
    .get('/email', requireUser, async (c) => c.json(await weeklyEmailSetting(db, currentUser(c).id), 200))
    .put('/email', requireUser, validate('json', weeklyEmailInput), async (c) => {
      return c.json(await setWeeklyEmail(db, currentUser(c).id, c.req.valid('json').weeklyEmail), 200);
    })
    .post('/unsubscribe', validate('query', unsubscribeQuery), async (c) =>
      c.json(await unsubscribe(db, c.req.valid('query').token), 200),
    );
}
