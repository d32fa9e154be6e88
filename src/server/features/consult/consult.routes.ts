import { Hono } from 'hono';
import {
  chatIdParam,
  chatViewQuery,
  createChatInput,
  sendMessageInput,
} from '../../../shared/schemas/consult';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { admitReply } from '../../http/admission';
import { AppError } from '../../http/errors';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import { acquireGenerationSlot } from '../usage/usage.service';
import { claimFirstReply, isStaleClaim, promptHistory } from './consult.queries';
import { accessChat, chatView, createChat, storeUserMessage } from './consult.service';
import { streamReply } from './generation';
import { HISTORY_MESSAGES } from './prompt';

export function consultRoutes(deps: AppDeps) {
  const onboarded = requireOnboarded(deps.db);
  const admit = admitReply(deps.admission);
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
    .post('/chats/:chatId/first-reply', onboarded, validate('param', chatIdParam), admit, async (c) => {
      const user = currentUser(c);
      const { chat } = await accessChat(deps, user, c.req.valid('param').chatId, { allowAdminRead: false });
      const taken = () => new AppError(409, 'first_reply_taken', 'The first answer is already being written');
      // Seen claimed already: answer before queueing for the user's lease (another tab is writing it).
      if (chat.firstReplyClaimedAt && !isStaleClaim(chat.firstReplyClaimedAt)) throw taken();
      const slot = await acquireGenerationSlot(deps.db, user);
      const claimed = await claimFirstReply(deps.db, chat.id, user.id).catch(async (error) => {
        await slot.release(deps.db);
        throw error;
      });
      if (!claimed) {
        await slot.release(deps.db);
        throw taken();
      }
      return streamReply(deps, {
        user,
        chat,
        kind: 'first',
        question: '',
        history: [],
        slot,
        clientRequest: c.req.raw,
      });
    })
    .post(
      '/chats/:chatId/messages',
      onboarded,
      validate('param', chatIdParam),
      validate('json', sendMessageInput),
      admit,
      async (c) => {
        const user = currentUser(c);
        const { chat } = await accessChat(deps, user, c.req.valid('param').chatId, { allowAdminRead: false });
        const slot = await acquireGenerationSlot(deps.db, user);
        try {
          const question = c.req.valid('json').content.trim();
          const history = await promptHistory(
            deps.db,
            { chatId: chat.id, userId: user.id },
            HISTORY_MESSAGES,
          );
          await storeUserMessage(deps, user, chat, question);
          return streamReply(deps, {
            user,
            chat,
            kind: 'follow-up',
            question,
            history,
            slot,
            clientRequest: c.req.raw,
          });
        } catch (error) {
          await slot.release(deps.db);
          throw error;
        }
      },
    );
}
