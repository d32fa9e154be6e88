import { createUIMessageStreamResponse } from 'ai';
import { Hono } from 'hono';
import { chatIdParam, followReplyQuery } from '../../../shared/schemas/consult';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { AppError } from '../../http/errors';
import { validate } from '../../http/validate';
import { recordStaffRead } from '../audit/audit.service';
import { accessChat } from './chat.service';
import { followOnOtherProcess, savedAnswerStream, stopOnOtherProcess } from './live-reply.service';

const noLiveReply = () => new AppError(409, 'no_live_reply', 'No answer is being written in this chat');
const NO_STORE = { 'cache-control': 'no-store' };

/**
 * A chat's live answer (decisions 065, 071): followed by a reload or another tab (the owner, or staff reading
 * it), and stopped by its owner only.
 */
export function liveReplyRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get(
      '/chats/:chatId/stream',
      requireUser,
      validate('param', chatIdParam),
      validate('query', followReplyQuery),
      async (c) => {
        const user = currentUser(c);
        const access = () =>
          accessChat(deps, user, c.req.valid('param').chatId, {
            allowAdminRead: c.req.valid('query').ia === '1',
          });
        const readChat = async () => (await access()).chat;
        const { chat, readOnly } = await access();
        if (readOnly) await recordStaffRead(deps.db, user, chat);
        const savedAnswer = async () => savedAnswerStream(deps, await readChat());
        const live =
          deps.liveReplies.follow(chat.id) ?? (await followOnOtherProcess(deps, chat.id, savedAnswer));
        if (live) return createUIMessageStreamResponse({ stream: live, headers: NO_STORE });
        // Ended since the page was read: its saved answer, never an empty reply the screen would wait on.
        // On PostgreSQL the chat is read again: the reply may have been saved elsewhere since the first read.
        const saved =
          deps.database.kind === 'postgres' ? await savedAnswer() : await savedAnswerStream(deps, chat);
        if (!saved) throw noLiveReply();
        return createUIMessageStreamResponse({ stream: saved, headers: NO_STORE });
      },
    )
    .post('/chats/:chatId/stop', requireUser, validate('param', chatIdParam), async (c) => {
      const { chat } = await accessChat(deps, currentUser(c), c.req.valid('param').chatId, {
        allowAdminRead: false,
      });
      // On PostgreSQL the reply may be written by another process: it is asked to stop it (decision 071).
      const stopped = (await deps.liveReplies.stop(chat.id)) || (await stopOnOtherProcess(deps, chat.id));
      if (!stopped) throw noLiveReply();
      return c.json({ stopped: true as const }, 200);
    });
}
