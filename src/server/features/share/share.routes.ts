import { Hono } from 'hono';
import { chatIdParam } from '../../../shared/schemas/consult';
import { shareLinkParam, shareTokenParam } from '../../../shared/schemas/share';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { ipRateLimit } from '../../http/ip-rate-limit';
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
export function shareRoutes({ db, config }: AppDeps) {
  const onboarded = requireOnboarded(db);
  // A shared page is public: each address may read a few a second, no more.
  const sharedReads = ipRateLimit(db, config.RATE_LIMIT_ENABLED, {
    name: 'shared',
    windowSeconds: 60,
    max: 60,
  });
  return new Hono<AppEnv>()
    .get('/chats/:chatId/share-links', requireUser, validate('param', chatIdParam), async (c) => {
      return c.json({ links: await listShareLinks(db, currentUser(c), c.req.valid('param').chatId) }, 200);
    })
    .post('/chats/:chatId/share-links', requireUser, validate('param', chatIdParam), async (c) => {
      return c.json({ link: await createShareLink(db, currentUser(c), c.req.valid('param').chatId) }, 201);
    })
    .delete(
      '/chats/:chatId/share-links/:linkId',
      requireUser,
      validate('param', shareLinkParam),
      async (c) => {
        await revokeShareLink(db, currentUser(c), c.req.valid('param'));
        return c.json({ revoked: true as const }, 200);
      },
    )
    .get('/shared/:token', sharedReads, validate('param', shareTokenParam), async (c) => {
      c.header('X-Robots-Tag', 'noindex, nofollow');
      return c.json(await sharedConversation(db, c.req.valid('param').token), 200);
    })
    .post('/shared/:token/copy', onboarded, sharedReads, validate('param', shareTokenParam), async (c) => {
      const chatId = await saveSharedCopy(db, currentUser(c), c.req.valid('param').token);
      return c.json({ id: chatId }, 201);
    });
}
