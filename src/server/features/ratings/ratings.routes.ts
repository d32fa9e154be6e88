import { Hono } from 'hono';
import { answerParam, rateMessageInput } from '../../../shared/schemas/ratings';
import { currentUser, requireRole, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { validate } from '../../http/validate';
import { clearRating, rateMessage, ratingsSummary } from './ratings.service';

/** 👍 / 👎 on the user's own answers, and what super admins see of them on the assistant screen. */
export function ratingsRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .put(
      '/chats/:chatId/messages/:messageId/rating',
      requireUser,
      validate('param', answerParam),
      validate('json', rateMessageInput),
      async (c) => {
        const rating = await rateMessage(db, currentUser(c), c.req.valid('param'), c.req.valid('json'));
        return c.json({ rating }, 200);
      },
    )
    .delete(
      '/chats/:chatId/messages/:messageId/rating',
      requireUser,
      validate('param', answerParam),
      async (c) => {
        await clearRating(db, currentUser(c), c.req.valid('param'));
        return c.json({ rating: null }, 200);
      },
    )
    .get('/admin/assistant/ratings', requireRole('super_admin'), async (c) => {
      return c.json(await ratingsSummary(db, currentUser(c)), 200);
    });
}
