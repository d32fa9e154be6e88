import { Hono } from 'hono';
import { uuidParam } from '../../../shared/schemas/common';
import { pageCursorQuery } from '../../../shared/schemas/pagination';
import { createTicketInput, LATEST_SUPPORT_REPLIES, ticketReplyInput } from '../../../shared/schemas/support';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { latestSupportReplies, listTicketThreads } from './support.queries';
import { createTicket, replyAsUser } from './support.service';

/** The signed-in user's support tickets: write, list with their threads, answer. */
export function supportRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get('/tickets', validate('query', pageCursorQuery('tickets')), async (c) => {
      const page = await listTicketThreads(deps.db, currentUser(c).id, c.req.valid('query').cursor);
      return c.json(page, 200);
    })
    .get('/replies/latest', async (c) => {
      const replies = await latestSupportReplies(deps.db, currentUser(c).id, LATEST_SUPPORT_REPLIES);
      return c.json({ replies }, 200);
    })
    .post('/tickets', validate('json', createTicketInput), rateLimit(deps, 'support-ticket'), async (c) => {
      const ticket = await createTicket(deps, currentUser(c), c.req.valid('json'));
      return c.json({ ticket }, 201);
    })
    .post(
      '/tickets/:id/replies',
      validate('param', uuidParam),
      validate('json', ticketReplyInput),
      rateLimit(deps, 'support-reply'),
      async (c) => {
        const reply = await replyAsUser(
          deps,
          currentUser(c),
          c.req.valid('param').id,
          c.req.valid('json').message,
        );
        return c.json({ reply }, 201);
      },
    );
}
