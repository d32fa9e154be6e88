import { Hono } from 'hono';
import {
  keepWeeklyMailPartInput,
  keywordsInput,
  unsubscribeQuery,
  weeklyEmailInput,
} from '../../../shared/schemas/suggestions';
import { weeklyMailUnsubscribePageHref } from '../../../shared/suggestions';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import {
  keepWeeklyMailPart,
  searchFor,
  setWeeklyEmail,
  suggestionsPage,
  trendingFor,
  unsubscribe,
  unsubscribeWeeklyMail,
  updateKeywords,
  weeklyEmailSetting,
} from './suggestions.service';

/**
 * Video suggestions: this week's picks, trending, keyword search and the user's keywords (past the
 * onboarding gates); the weekly e-mail setting (any signed-in user: it also sits in /profile); and the
 * e-mail's one-click unsubscribes (the picks', and the combined weekly mail's with its page's "keep"),
 * which need no sign-in (their secret is the link's token).
 */
export function suggestionsRoutes(deps: AppDeps) {
  const { db } = deps;
  const onboarded = requireOnboarded(db);
  return (
    new Hono<AppEnv>()
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
      )
      // The combined weekly mail's List-Unsubscribe: the mail client's one-click POST stops all of it;
      // opened in a browser, the address leads to the page that lets the user keep either part.
      .post('/weekly-mail/unsubscribe', validate('query', unsubscribeQuery), async (c) =>
        c.json(await unsubscribeWeeklyMail(db, c.req.valid('query').token), 200),
      )
      .get('/weekly-mail/unsubscribe', validate('query', unsubscribeQuery), async (c) =>
        c.redirect(weeklyMailUnsubscribePageHref(c.req.valid('query').token), 303),
      )
      .put(
        '/weekly-mail/keep',
        validate('query', unsubscribeQuery),
        validate('json', keepWeeklyMailPartInput),
        async (c) =>
          c.json(await keepWeeklyMailPart(db, c.req.valid('query').token, c.req.valid('json').part), 200),
      )
  );
}
