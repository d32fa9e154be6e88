import { Hono } from 'hono';
import { chatIdParam, createChatInput } from '../../../shared/schemas/consult';
import { sourceParams } from '../../../shared/schemas/sources';
import { currentUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import { addVideoToChat, removeVideoFromChat } from './library.service';

/** The videos a consultation draws on: add one (the three intakes of /consult) or remove one. */
export function libraryRoutes(deps: AppDeps) {
  const onboarded = requireOnboarded(deps.db);
  return new Hono<AppEnv>()
    .post(
      '/chats/:chatId/sources',
      onboarded,
      validate('param', chatIdParam),
      validate('json', createChatInput),
      async (c) => {
        const { chatId } = c.req.valid('param');
        const source = await addVideoToChat(deps, currentUser(c), chatId, c.req.valid('json'));
        return c.json({ source }, 201);
      },
    )
    .delete('/chats/:chatId/sources/:sourceId', onboarded, validate('param', sourceParams), async (c) => {
      const { chatId, sourceId } = c.req.valid('param');
      await removeVideoFromChat(deps, currentUser(c), chatId, sourceId);
      return c.json({ removed: true as const }, 200);
    });
}
