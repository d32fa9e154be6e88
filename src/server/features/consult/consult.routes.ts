import { Hono } from 'hono';
import { captionTracksQuery, createChatInput } from '../../../shared/schemas/consult';
import { currentUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import { captionTracksOf, createChat } from './consult.service';

/** The intake: a consultation created from a YouTube link, a pasted transcript or a caption file. */
export function consultRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .post(
      '/chats',
      requireOnboarded(deps.db),
      validate('json', createChatInput),
      rateLimit(deps, 'consultation'),
      async (c) => {
        const chat = await createChat(deps, currentUser(c), c.req.valid('json'));
        return c.json({ id: chat.id, title: chat.title }, 201);
      },
    )
    .get(
      '/caption-tracks',
      requireOnboarded(deps.db),
      validate('query', captionTracksQuery),
      rateLimit(deps, 'caption-tracks'),
      async (c) => c.json(await captionTracksOf(deps, c.req.valid('query').youtubeUrl), 200),
    );
}
