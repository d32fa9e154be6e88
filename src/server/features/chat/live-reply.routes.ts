import { createUIMessageStreamResponse } from 'ai';
import { Hono } from 'hono';
import { chatIdParam, followReplyQuery } from '../../../shared/schemas/consult';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { AppError } from '../../http/errors';
import { validate } from '../../http/validate';
import { accessChat } from './chat.service';
import { askElsewhere } from './live-reply.remote';
import { savedAnswerStream } from './live-reply.service';

const noLiveReply = () => new AppError(409, 'no_live_reply', 'No answer is being written in this chat');
const NO_STORE = { 'cache-control': 'no-store' };

/**
 * A chat's live answer (decision 065): followed by a reload or another tab (the owner, or staff reading
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
        const readChat = async () =>
          (
            await accessChat(deps, currentUser(c), c.req.valid('param').chatId, {
              allowAdminRead: c.req.valid('query').ia === '1',
            })
          ).chat;
        const chat = await readChat();
        const live = deps.liveReplies.follow(chat.id);
        if (live) return createUIMessageStreamResponse({ stream: live, headers: NO_STORE });
        // Written by another process (PostgreSQL): its saved answer once it ends, not its live parts; the
        // chat is read again, as the reply may have ended since the first read. Ended since the page was
        // read: its saved answer, never an empty reply the screen would wait on.
        const settled =
          deps.database.kind === 'postgres'
            ? await askElsewhere(deps.database, chat.id, 'await').then(readChat)
            : chat;
        const stream = await savedAnswerStream(deps, settled);
        if (!stream) throw noLiveReply();
        return createUIMessageStreamResponse({ stream, headers: NO_STORE });
      },
    )
    .post('/chats/:chatId/stop', requireUser, validate('param', chatIdParam), async (c) => {
      const { chat } = await accessChat(deps, currentUser(c), c.req.valid('param').chatId, {
        allowAdminRead: false,
      });
      // On PostgreSQL the reply may be written by another process: it is asked to stop it (decision 065).
      const stopped =
        (await deps.liveReplies.stop(chat.id)) ||
        (deps.database.kind === 'postgres' && (await askElsewhere(deps.database, chat.id, 'stop')));
      if (!stopped) throw noLiveReply();
      return c.json({ stopped: true as const }, 200);
    });
}
