import { Hono } from 'hono';
import { chatIdParam } from '../../../shared/schemas/consult';
import { chatTranscriptQuery } from '../../../shared/schemas/player';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { validate } from '../../http/validate';
import { chatTranscript } from './player.service';

export function playerRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/chats/:chatId/transcript',
    requireUser,
    validate('param', chatIdParam),
    validate('query', chatTranscriptQuery),
    async (c) => {
      const { chatId } = c.req.valid('param');
      const adminRead = c.req.valid('query').ia === '1';
      return c.json(await chatTranscript(deps, currentUser(c), chatId, adminRead), 200);
    },
  );
}
