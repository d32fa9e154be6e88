import { Hono } from 'hono';
import {
  chatIdParam,
  chatViewQuery,
  createChatInput,
  sendMessageInput,
} from '../../../shared/schemas/consult';
import { sourceParams } from '../../../shared/schemas/sources';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { admitReply } from '../../http/admission';
import { AppError } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import { recordStaffRead } from '../audit/audit.service';
import { acquireGenerationSlot } from '../usage/usage.service';
import { claimFirstReply, isStaleClaim, promptHistory } from './chat.queries';
import { accessChat, addVideoToChat, chatView, removeVideoFromChat, storeUserMessage } from './chat.service';
import { streamReply } from './generation';
import { HISTORY_MESSAGES } from './prompt';

export function chatRoutes(deps: AppDeps) {
  const onboarded = requireOnboarded(deps.db);
  const admit = admitReply(deps.admission);
  return new Hono<AppEnv>()
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
        if (access.readOnly) await recordStaffRead(deps.db, user, access.chat);
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
    )
    .post(
      '/chats/:chatId/sources',
      onboarded,
      validate('param', chatIdParam),
      validate('json', createChatInput),
      rateLimit(deps, 'added-video'),
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
