import { type Context, Hono } from 'hono';
import {
  chatIdParam,
  chatViewQuery,
  createChatInput,
  messageParams,
  sendMessageInput,
  showVersionInput,
} from '../../../shared/schemas/consult';
import { sourceParams } from '../../../shared/schemas/sources';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv, SessionUser } from '../../context';
import { replyPlace } from '../../http/admission';
import { AppError } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import { recordStaffRead } from '../audit/audit.service';
import { acquireGenerationSlot } from '../usage/usage.service';
import { type ChatRow, claimFirstReply, claimRegeneration, isStaleClaim } from './chat.queries';
import {
  accessChat,
  addVideoToChat,
  chatView,
  editedQuestionParent,
  regenerationBase,
  removeVideoFromChat,
  showVersion,
  storeQuestion,
} from './chat.service';
import { type ReplyRequest, streamReply } from './generation';

/**
 * The routes that start a reply. The app admits them before their session is read (`admitReply`,
 * decision 052), so a full process refuses them without a database round trip.
 */
export const chatReplyPaths = [
  '/chats/:chatId/first-reply',
  '/chats/:chatId/messages',
  '/chats/:chatId/messages/:messageId/edit',
  '/chats/:chatId/messages/:messageId/regenerate',
] as const;

/** The client of a reply that `admitReply` let in: its place. */
const replyClient = (c: Context<AppEnv>) => ({ place: replyPlace(c) });

const replyInProgress = () =>
  new AppError(409, 'reply_in_progress', 'Another reply is still being written. Wait for it to finish.');

export function chatRoutes(deps: AppDeps) {
  const onboarded = requireOnboarded(deps.db);

  /**
   * The user's lease, then a claim on the chat (its first answer, a regeneration): the lease is given
   * back when the claim fails or is refused (`refusal`).
   */
  async function slotWithClaim(user: SessionUser, claim: () => Promise<boolean>, refusal: () => AppError) {
    const slot = await acquireGenerationSlot(deps.db, user);
    const claimed = await claim().catch(async (error) => {
      await slot.release(deps.db);
      throw error;
    });
    if (!claimed) {
      await slot.release(deps.db);
      throw refusal();
    }
    return slot;
  }

  /** Stores a question (a follow-up, or an edited one) after `parentId` and streams its answer. */
  async function answerQuestion(
    client: Pick<ReplyRequest, 'place'>,
    user: SessionUser,
    chat: ChatRow,
    question: { content: string; parentId: string | null },
  ) {
    const slot = await acquireGenerationSlot(deps.db, user);
    try {
      const content = question.content.trim();
      const { placement, history } = await storeQuestion(deps, user, chat, {
        content,
        parentId: question.parentId,
      });
      return streamReply(deps, {
        user,
        chat,
        kind: 'follow-up',
        question: content,
        history,
        slot,
        placement,
        ...client,
      });
    } catch (error) {
      await slot.release(deps.db);
      throw error;
    }
  }

  return new Hono<AppEnv>()
    .get(
      '/chats/:chatId',
      requireUser,
      validate('param', chatIdParam),
      validate('query', chatViewQuery),
      async (c) => {
        const user = currentUser(c);
        const { ia, version } = c.req.valid('query');
        const access = await accessChat(deps, user, c.req.valid('param').chatId, {
          allowAdminRead: ia === '1',
        });
        if (access.readOnly) await recordStaffRead(deps.db, user, access.chat);
        return c.json(await chatView(deps, user, access, version), 200);
      },
    )
    .post('/chats/:chatId/first-reply', onboarded, validate('param', chatIdParam), async (c) => {
      const client = replyClient(c);
      const user = currentUser(c);
      const { chat } = await accessChat(deps, user, c.req.valid('param').chatId, { allowAdminRead: false });
      const taken = () => new AppError(409, 'first_reply_taken', 'The first answer is already being written');
      // Seen claimed already: answer before queueing for the user's lease (another tab is writing it).
      if (chat.firstReplyClaimedAt && !isStaleClaim(chat.firstReplyClaimedAt)) throw taken();
      const slot = await slotWithClaim(user, () => claimFirstReply(deps.db, chat.id, user.id), taken);
      return streamReply(deps, {
        user,
        chat,
        kind: 'first',
        question: '',
        history: [],
        slot,
        placement: { parentId: null, leafBefore: null },
        ...client,
      });
    })
    .post(
      '/chats/:chatId/messages',
      onboarded,
      validate('param', chatIdParam),
      validate('json', sendMessageInput),
      async (c) => {
        const client = replyClient(c);
        const user = currentUser(c);
        const { chat } = await accessChat(deps, user, c.req.valid('param').chatId, { allowAdminRead: false });
        return answerQuestion(client, user, chat, {
          content: c.req.valid('json').content,
          parentId: chat.currentLeafId,
        });
      },
    )
    .post(
      '/chats/:chatId/messages/:messageId/edit',
      onboarded,
      validate('param', messageParams),
      validate('json', sendMessageInput),
      async (c) => {
        const client = replyClient(c);
        const user = currentUser(c);
        const { chatId, messageId } = c.req.valid('param');
        const { chat } = await accessChat(deps, user, chatId, { allowAdminRead: false });
        return answerQuestion(client, user, chat, {
          content: c.req.valid('json').content,
          parentId: await editedQuestionParent(deps, chat, messageId),
        });
      },
    )
    .post(
      '/chats/:chatId/messages/:messageId/regenerate',
      onboarded,
      validate('param', messageParams),
      async (c) => {
        const client = replyClient(c);
        const user = currentUser(c);
        const { chatId, messageId } = c.req.valid('param');
        const { chat } = await accessChat(deps, user, chatId, { allowAdminRead: false });
        const { question, history, placement } = await regenerationBase(deps, user, chat, messageId);
        if (chat.regenerationClaimedAt && !isStaleClaim(chat.regenerationClaimedAt)) throw replyInProgress();
        const slot = await slotWithClaim(
          user,
          () => claimRegeneration(deps.db, chat, placement.leafBefore!),
          replyInProgress,
        );
        return streamReply(deps, {
          user,
          chat,
          kind: question ? 'follow-up' : 'first',
          question: question?.content ?? '',
          history,
          slot,
          placement,
          regeneration: true,
          ...client,
        });
      },
    )
    .put(
      '/chats/:chatId/branch',
      onboarded,
      validate('param', chatIdParam),
      validate('json', showVersionInput),
      async (c) => {
        const user = currentUser(c);
        const access = await accessChat(deps, user, c.req.valid('param').chatId, { allowAdminRead: false });
        return c.json(await showVersion(deps, user, access, c.req.valid('json').messageId), 200);
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
