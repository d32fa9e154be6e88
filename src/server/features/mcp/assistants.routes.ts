import { Hono } from 'hono';
import { z } from 'zod';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { notFound } from '../../http/errors';
import { validate } from '../../http/validate';
import { connectedAssistants, disconnectAssistant } from './mcp-grants';

const assistantParam = z.object({ clientId: z.string().min(1).max(200, 'Not an assistant') });

/** Connected assistants on the account page: who may use the user's data over MCP, and disconnecting one. */
export function assistantsRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/account/assistants', requireUser, async (c) =>
      c.json({ assistants: await connectedAssistants(db, currentUser(c).id) }, 200),
    )
    .delete('/account/assistants/:clientId', requireUser, validate('param', assistantParam), async (c) => {
      const disconnected = await disconnectAssistant(db, currentUser(c).id, c.req.valid('param').clientId);
      if (!disconnected) throw notFound('Assistant not found');
      return c.json({ disconnected: true as const }, 200);
    });
}
