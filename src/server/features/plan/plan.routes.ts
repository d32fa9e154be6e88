import { Hono } from 'hono';
import { outcomeLinkQuery } from '../../../shared/schemas/memory';
import {
  addPlanItemsInput,
  checkInInput,
  planExportQuery,
  planItemParam,
  planProposalParam,
  planQuery,
  reorderPlanInput,
  updatePlanItemInput,
} from '../../../shared/schemas/plan';
import { unsubscribeQuery } from '../../../shared/schemas/suggestions';
import { currentUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { requireOnboarded } from '../account/gate.service';
import { memoryOn } from '../memory/memory.service';
import { recordOutcomeFromLink } from './check-in-outcome';
import {
  addPlanItems,
  checkInSetting,
  deletePlanItem,
  planPage,
  reorderPlan,
  setCheckIn,
  unsubscribeCheckIn,
  updatePlanItem,
} from './plan.service';
import { exportPlan } from './plan-export';
import { proposePlan } from './plan-proposal';

/**
 * My plan: proposals from an answer, the user's items, their order, exports, the weekly check-in switch
 * (past the onboarding gates), and the check-in mail's unsubscribe.
 */
export function planRoutes(deps: AppDeps) {
  const onboarded = requireOnboarded(deps.db);
  return (
    new Hono<AppEnv>()
      .post(
        '/chats/:chatId/messages/:messageId/plan-proposal',
        onboarded,
        validate('param', planProposalParam),
        rateLimit(deps, 'plan-proposal'),
        async (c) => {
          const { chatId, messageId } = c.req.valid('param');
          return c.json({ proposal: await proposePlan(deps, currentUser(c), chatId, messageId) }, 200);
        },
      )
      .get('/plan', onboarded, validate('query', planQuery), async (c) =>
        c.json(
          {
            ...(await planPage(deps.db, currentUser(c), c.req.valid('query'), new Date())),
            // "How did it go?" is asked only while memory keeps outcomes (a paused memory records none).
            outcomesRemembered: await memoryOn(deps.db, currentUser(c).id),
          },
          200,
        ),
      )
      .post('/plan/items', onboarded, validate('json', addPlanItemsInput), async (c) =>
        c.json({ items: await addPlanItems(deps.db, currentUser(c), c.req.valid('json')) }, 201),
      )
      .patch(
        '/plan/items/:itemId',
        onboarded,
        validate('param', planItemParam),
        validate('json', updatePlanItemInput),
        async (c) => {
          const item = await updatePlanItem(
            deps.db,
            currentUser(c),
            c.req.valid('param').itemId,
            c.req.valid('json'),
          );
          return c.json({ item }, 200);
        },
      )
      .put('/plan/order', onboarded, validate('json', reorderPlanInput), async (c) => {
        await reorderPlan(deps.db, currentUser(c), c.req.valid('json'));
        return c.json({ ok: true as const }, 200);
      })
      .delete('/plan/items/:itemId', onboarded, validate('param', planItemParam), async (c) => {
        await deletePlanItem(deps.db, currentUser(c), c.req.valid('param').itemId);
        return c.json({ deleted: true as const }, 200);
      })
      .get('/plan/export', onboarded, validate('query', planExportQuery), async (c) => {
        const file = await exportPlan(
          deps.db,
          currentUser(c),
          c.req.valid('query').format,
          deps.config.baseUrl,
          new Date(),
        );
        return c.body(new Uint8Array(Buffer.from(file.body)), 200, {
          'Content-Type': file.contentType,
          'Content-Disposition': `attachment; filename="${file.fileName}"`,
        });
      })
      .get('/plan/check-in', onboarded, async (c) =>
        c.json(await checkInSetting(deps.db, currentUser(c).id), 200),
      )
      .put('/plan/check-in', onboarded, validate('json', checkInInput), async (c) =>
        c.json(await setCheckIn(deps.db, currentUser(c).id, c.req.valid('json').enabled), 200),
      )
      // The check-in mail's one-click unsubscribe: no sign-in, the link's token is the secret.
      .post('/plan/check-in/unsubscribe', validate('query', unsubscribeQuery), async (c) =>
        c.json(await unsubscribeCheckIn(deps.db, c.req.valid('query').token), 200),
      )
      // The check-in mail's "How did it go?" links: no sign-in, the signed token is the proof.
      .post(
        '/plan/check-in/outcome',
        validate('query', outcomeLinkQuery),
        rateLimit(deps, 'memory-write'),
        async (c) =>
          c.json(await recordOutcomeFromLink(deps.db, c.req.valid('query').token, new Date()), 200),
      )
  );
}
