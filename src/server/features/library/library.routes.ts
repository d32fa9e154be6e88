import { Hono } from 'hono';
import { chatIdParam, createChatInput } from '../../../shared/schemas/consult';
import { askLibraryInput, sourceParams } from '../../../shared/schemas/sources';
import { currentUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { admitReply } from '../../http/admission';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import { streamReply } from '../consult/generation';
import { acquireGenerationSlot } from '../usage/usage.service';
import {
  addVideoToChat,
  findInLibrary,
  openLibraryConsultation,
  removeVideoFromChat,
} from './library.service';

/**
 * The videos a consultation draws on (add one with the three intakes of /consult, or remove one), and
 * 'Ask your library': a question answered across them all, streamed as a chat's replies are.
 */
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
    })
    .post(
      '/library/ask',
      onboarded,
      validate('json', askLibraryInput),
      admitReply(deps.admission),
      async (c) => {
        const user = currentUser(c);
        const question = c.req.valid('json').question.trim();
        const library = await findInLibrary(deps, user, question);
        const slot = await acquireGenerationSlot(deps.db, user);
        try {
          const chat = await openLibraryConsultation(deps, user, question, library);
          return streamReply(deps, {
            user,
            chat,
            kind: 'follow-up',
            question,
            history: [],
            slot,
            clientRequest: c.req.raw,
            library,
          });
        } catch (error) {
          await slot.release(deps.db);
          throw error;
        }
      },
    );
}
