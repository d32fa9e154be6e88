import { Hono } from 'hono';
import {
  addMemoryInput,
  chatMemoryParam,
  forgetMemoryInput,
  memoryParam,
  memoryPauseInput,
  planOutcomeInput,
  planOutcomeParam,
  updateMemoryInput,
  useMemoryInput,
} from '../../../shared/schemas/memory';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { setChatUseMemory } from '../chat/chat.service';
import {
  addTypedMemory,
  editMemory,
  forgetEverything,
  forgetMemory,
  memoryPage,
  recordOutcome,
  setMemoryPaused,
} from './memory.service';

/**
 * What Vidvisor knows (decision 064): the user's own memories, the pause switch, "Forget everything",
 * a consultation's "Use memory" switch, and a plan step's outcome. Every route reads and writes the
 * signed-in user's rows only: staff never see anyone else's.
 */
export function memoryRoutes(deps: AppDeps) {
  const write = rateLimit(deps, 'memory-write');
  return new Hono<AppEnv>()
    .get('/memory', requireUser, async (c) => c.json(await memoryPage(deps.db, currentUser(c)), 200))
    .post('/memory', requireUser, validate('json', addMemoryInput), write, async (c) =>
      c.json({ memory: await addTypedMemory(deps.db, currentUser(c), c.req.valid('json')) }, 201),
    )
    .patch(
      '/memory/:memoryId',
      requireUser,
      validate('param', memoryParam),
      validate('json', updateMemoryInput),
      write,
      async (c) => {
        const { memoryId } = c.req.valid('param');
        return c.json(
          { memory: await editMemory(deps.db, currentUser(c), memoryId, c.req.valid('json')) },
          200,
        );
      },
    )
    .delete('/memory/:memoryId', requireUser, validate('param', memoryParam), write, async (c) => {
      await forgetMemory(deps.db, currentUser(c), c.req.valid('param').memoryId);
      return c.json({ deleted: true as const }, 200);
    })
    .put('/memory/pause', requireUser, validate('json', memoryPauseInput), write, async (c) =>
      c.json(await setMemoryPaused(deps.db, currentUser(c), c.req.valid('json').paused), 200),
    )
    .post(
      '/memory/forget',
      requireUser,
      validate('json', forgetMemoryInput),
      rateLimit(deps, 'memory-forget'),
      async (c) => {
        const { password } = c.req.valid('json');
        await forgetEverything(deps, currentUser(c), { sessionId: c.get('sessionId'), password });
        return c.json({ forgotten: true as const }, 200);
      },
    )
    .put(
      '/chats/:chatId/use-memory',
      requireUser,
      validate('param', chatMemoryParam),
      validate('json', useMemoryInput),
      write,
      async (c) => {
        const { chatId } = c.req.valid('param');
        return c.json(
          await setChatUseMemory(deps, currentUser(c), chatId, c.req.valid('json').useMemory),
          200,
        );
      },
    )
    .post(
      '/plan/items/:itemId/outcome',
      requireUser,
      validate('param', planOutcomeParam),
      validate('json', planOutcomeInput),
      write,
      async (c) => {
        const { itemId } = c.req.valid('param');
        return c.json(
          { memory: await recordOutcome(deps.db, currentUser(c), itemId, c.req.valid('json')) },
          200,
        );
      },
    );
}
