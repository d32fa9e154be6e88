import { Hono } from 'hono';
import {
  chatIdParam,
  chatViewQuery,
  createChatInput,
  sendMessageInput,
} from '../../../shared/schemas/consult';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { AppError } from '../../http/errors';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import { acquireGenerationSlot } from '../usage/usage.service';
import { claimFirstReply, listMessages } from './consult.queries';
import { accessChat, chatView, createChat, messagesBefore, storeUserMessage } from './consult.service';
import { streamReply } from './generation';

export function consultRoutes(deps: AppDeps) {
  const onboarded = requireOnboarded(deps.db);
  return new Hono<AppEnv>()
    .post('/chats', onboarded, validate('json', createChatInput), async (c) => {
      const chat = await createChat(deps, currentUser(c), c.req.valid('json'));
      return c.json({ id: chat.id, title: chat.title }, 201);
    })
    .get(
      '/chats/:chatId',
      requireUser,
      validate('param', chatIdParam),
      validate('query', chatViewQuery),
      async (c) => {
        const user = currentUser(c);
        const access = await accessChat(deps, user, c.req.valid('param').chatId, {
          allowAdminRead: c.req.valid('query').ia === '1',
        });
        return c.json(await chatView(deps, user, access), 200);
      },
    )
    .post('/chats/:chatId/first-reply', onboarded, validate('param', chatIdParam), async (c) => {
      const user = currentUser(c);
      const { chat } = await accessChat(deps, user, c.req.valid('param').chatId, { allowAdminRead: false });
      const slot = await acquireGenerationSlot(deps.db, user);
      if (!(await claimFirstReply(deps.db, chat.id, user.id))) {
        await slot.release(deps.db);
        throw new AppError(409, 'first_reply_taken', 'The first answer is already being written');
      }
      return streamReply(deps, {
        user,
        chat,
        kind: 'first',
        question: '',
        history: [],
        slot,
        requestSignal: c.req.raw.signal,
      });
    })
    .post(
      '/chats/:chatId/messages',
      onboarded,
      validate('param', chatIdParam),
      validate('json', sendMessageInput),
      async (c) => {
        const user = currentUser(c);
        const { chat } = await accessChat(deps, user, c.req.valid('param').chatId, { allowAdminRead: false });
        const slot = await acquireGenerationSlot(deps.db, user);
        try {
          const message = await storeUserMessage(deps, user, chat, c.req.valid('json').content.trim());
          const history = messagesBefore(await listMessages(deps.db, chat.id), message.id);
          return streamReply(deps, {
            user,
            chat,
            kind: 'follow-up',
            question: message.content,
            history,
            slot,
            requestSignal: c.req.raw.signal,
          });
        } catch (error) {
          await slot.release(deps.db);
          throw error;
        }
      },
    );
}
