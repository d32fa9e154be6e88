import { Hono } from 'hono';
import { answerParam } from '../../../shared/schemas/ratings';
import { currentUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import { followUpsFor } from './follow-ups.service';

/** Suggested follow-up questions under an answer (made once, then kept). */
export function followUpsRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().post(
    '/chats/:chatId/messages/:messageId/follow-ups',
    requireOnboarded(deps.db),
    validate('param', answerParam),
    async (c) => {
      return c.json({ questions: await followUpsFor(deps, currentUser(c), c.req.valid('param')) }, 200);
    },
  );
}
