import { Hono } from 'hono';
import { chatIdParam } from '../../../shared/schemas/consult';
import { createShareLinkInput, shareLinkParam, shareTokenParam } from '../../../shared/schemas/share';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import {
  createShareLink,
  listShareLinks,
  revokeShareLink,
  saveSharedCopy,
  sharedConversation,
} from './share.service';

/** Read-only links to a chat: the owner makes and revokes them; anyone with one reads it. */
export function shareRoutes(deps: AppDeps) {
  const { db } = deps;
  const onboarded = requireOnboarded(db);
  return new Hono<AppEnv>()
    .get('/chats/:chatId/share-links', requireUser, validate('param', chatIdParam), async (c) => {
      return c.json({ links: await listShareLinks(db, currentUser(c), c.req.valid('param').chatId) }, 200);
    })
    .post(
      '/chats/:chatId/share-links',
      requireUser,
      rateLimit(deps, 'share-link'),
      validate('param', chatIdParam),
      validate('json', createShareLinkInput),
      async (c) => {
        const link = await createShareLink(
          db,
          currentUser(c),
          c.req.valid('param').chatId,
          c.req.valid('json'),
        );
        return c.json({ link }, 201);
      },
    )
    .delete(
      '/chats/:chatId/share-links/:linkId',
      requireUser,
      validate('param', shareLinkParam),
      async (c) => {
        await revokeShareLink(db, currentUser(c), c.req.valid('param'));
        return c.json({ revoked: true as const }, 200);
      },
    )
    .get('/shared/:token', rateLimit(deps, 'shared-read'), validate('param', shareTokenParam), async (c) => {
      c.header('X-Robots-Tag', 'noindex, nofollow');
      return c.json(await sharedConversation(db, c.req.valid('param').token), 200);
    })
    .post(
      '/shared/:token/copy',
      onboarded,
      rateLimit(deps, 'shared-copy'),
      validate('param', shareTokenParam),
      async (c) => {
        const chatId = await saveSharedCopy(deps, currentUser(c), c.req.valid('param').token);
        return c.json({ id: chatId }, 201);
      },
    );
}
