import { setImmediate } from 'node:timers/promises';
import { Hono } from 'hono';
import {
  chatIdParam,
  chatViewQuery,
  createChatInput,
  sendMessageInput,
} from '../../../shared/schemas/consult';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps } from '../../context';
import { AppError } from '../../http/errors';
import { validate } from '../../http/validate';
import { assertOnboarded, loadGateState, requireOnboarded } from '../account/gate.service';
import { acquireGenerationSlot } from '../usage/usage.service';
import { claimFirstReply, isStaleClaim, promptHistory } from './consult.queries';
import { accessChat, chatView, createChat, storeUserMessage } from './consult.service';
import { handledLater, loadPromptContext, replyChat, streamReply } from './generation';
import { type HeadStartEnv, takeHeadStart } from './head-start';
import { HISTORY_MESSAGES } from './prompt';

export function consultRoutes(deps: AppDeps) {
  const onboarded = requireOnboarded(deps.db);
  return new Hono<HeadStartEnv>()
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
      const taken = () => new AppError(409, 'first_reply_taken', 'The first answer is already being written');
      // Seen claimed already: answer before queueing for the user's lease (another tab is writing it).
      if (chat.firstReplyClaimedAt && !isStaleClaim(chat.firstReplyClaimedAt)) throw taken();
      const slot = await acquireGenerationSlot(deps.db, user);
      const context = loadPromptContext(deps, user);
      if (!(await claimFirstReply(deps.db, chat.id, user.id))) {
        await slot.release(deps.db);
        throw taken();
      }
      return streamReply(deps, {
        user,
        ...replyChat(chat),
        kind: 'first',
        question: '',
        history: [],
        slot,
        requestSignal: c.req.raw.signal,
        context,
        headStart: takeHeadStart(c),
      });
    })
    .post(
      '/chats/:chatId/messages',
      requireUser,
      validate('param', chatIdParam),
      validate('json', sendMessageInput),
      async (c) => {
        const user = currentUser(c);
        const { chatId } = c.req.valid('param');
        // What the reply needs is read at once (the gates, the chat, its history, the prompt's
        // settings); the checks still answer in order: 403 before 404 before the usage limit.
        const context = loadPromptContext(deps, user);
        const access = handledLater(accessChat(deps, user, chatId, { allowAdminRead: false }));
        const earlier = handledLater(promptHistory(deps.db, { chatId, userId: user.id }, HISTORY_MESSAGES));
        assertOnboarded(await loadGateState(deps.db, user));
        const { chat } = await access;
        const slot = await acquireGenerationSlot(deps.db, user);
        try {
          // Read before the question is stored, so it never holds the question itself.
          const history = await earlier;
          const question = c.req.valid('json').content.trim();
          // The reply asks the provider first and the question is stored in the next turn of the event
          // loop, during the provider's wait: PGlite runs statements on this thread, so a write started
          // now would hold the request back. The answer waits for the write.
          const stored = setImmediate().then(() => storeUserMessage(deps, user, chat, question));
          const reply = streamReply(deps, {
            user,
            ...replyChat(chat),
            kind: 'follow-up',
            question,
            questionStored: stored,
            history,
            slot,
            requestSignal: c.req.raw.signal,
            context,
            headStart: takeHeadStart(c),
          });
          await stored;
          return reply;
        } catch (error) {
          await slot.release(deps.db);
          throw error;
        }
      },
    );
}
