import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import {
  checkoutInput,
  checkoutSessionInput,
  freePlanInput,
  subscriptionActionInput,
  testCardInput,
} from '../../../shared/schemas/billing';
import type { LocalBillingProvider } from '../../adapters/billing/local';
import { currentUser, requireUser } from '../../auth/middleware';
import type { AppDeps, AppEnv } from '../../context';
import { notFound } from '../../http/errors';
import { rateLimit } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import { requireProfileComplete } from '../account/gate.service';
import { onBillingChange } from './billing.live';
import {
  cancelSubscription,
  chooseFreePlan,
  choosePaidPlan,
  completeLocalCheckout,
  createPortalLink,
  describeLocalCheckout,
  getPaymentMethod,
  getSubscriptionView,
  handleWebhook,
  listPlans,
  resumeSubscription,
  startPaymentUpdate,
  verifyCheckoutSession,
} from './billing.service';

const sessionParam = z.object({ sessionId: checkoutSessionInput.shape.sessionId });
/** A comment line now and then keeps proxies from closing an idle event stream. */
const HEARTBEAT_MS = 25_000;

export function billingRoutes(deps: AppDeps) {
  const profileComplete = requireProfileComplete(deps.db);
  const localProvider = () => {
    if (deps.billing.name !== 'local') throw notFound('The test checkout is off: payments go through Stripe');
    return deps.billing as LocalBillingProvider;
  };

  return (
    new Hono<AppEnv>()
      .get('/billing/plans', async (c) => c.json({ plans: await listPlans(deps) }, 200))
      .post('/billing/free-plan', requireUser, profileComplete, validate('json', freePlanInput), async (c) =>
        c.json(await chooseFreePlan(deps, currentUser(c), c.req.valid('json').planId), 200),
      )
      .post(
        '/billing/checkout',
        requireUser,
        profileComplete,
        validate('json', checkoutInput),
        rateLimit(deps, 'billing'),
        async (c) => c.json(await choosePaidPlan(deps, currentUser(c), c.req.valid('json').planId), 200),
      )
      .post(
        '/billing/checkout/verify',
        requireUser,
        validate('json', checkoutSessionInput),
        rateLimit(deps, 'billing'),
        async (c) =>
          c.json(await verifyCheckoutSession(deps, currentUser(c), c.req.valid('json').sessionId), 200),
      )
      .get('/billing/subscription', requireUser, async (c) =>
        c.json(await getSubscriptionView(deps, currentUser(c)), 200),
      )
      .post(
        '/billing/subscription/cancel',
        requireUser,
        validate('json', subscriptionActionInput),
        rateLimit(deps, 'billing'),
        async (c) =>
          c.json(await cancelSubscription(deps, currentUser(c), c.req.valid('json').subscriptionId), 200),
      )
      .post(
        '/billing/subscription/resume',
        requireUser,
        validate('json', subscriptionActionInput),
        rateLimit(deps, 'billing'),
        async (c) =>
          c.json(await resumeSubscription(deps, currentUser(c), c.req.valid('json').subscriptionId), 200),
      )
      .get('/billing/payment-method', requireUser, async (c) =>
        c.json(await getPaymentMethod(deps, currentUser(c)), 200),
      )
      .post('/billing/payment-method/update', requireUser, rateLimit(deps, 'billing'), async (c) =>
        c.json(await startPaymentUpdate(deps, currentUser(c)), 200),
      )
      .post('/billing/portal', requireUser, rateLimit(deps, 'billing'), async (c) =>
        c.json(await createPortalLink(deps, currentUser(c)), 200),
      )
      .get('/billing/test-checkout/:sessionId', requireUser, validate('param', sessionParam), async (c) =>
        c.json(
          await describeLocalCheckout(deps, localProvider(), currentUser(c), c.req.valid('param').sessionId),
          200,
        ),
      )
      .post(
        '/billing/test-checkout/:sessionId/complete',
        requireUser,
        validate('param', sessionParam),
        validate('json', testCardInput),
        async (c) => {
          const { sessionId } = c.req.valid('param');
          const result = await completeLocalCheckout(
            deps,
            localProvider(),
            currentUser(c),
            sessionId,
            c.req.valid('json'),
          );
          return c.json(result, 200);
        },
      )
      // Stripe calls this server-to-server: no session, no Origin; the signature over the raw body is the proof.
      .post('/billing/webhook', async (c) => {
        const result = await handleWebhook(deps, await c.req.text(), c.req.header('stripe-signature'));
        return c.json(result, 200);
      })
      .get('/billing/events', requireUser, (c) => {
        const user = currentUser(c);
        return streamSSE(c, async (stream) => {
          let wake = () => {};
          let changed = false;
          const unsubscribe = await onBillingChange(deps.database, user.id, () => {
            changed = true;
            wake();
          });
          const stop = () => wake();
          stream.onAbort(stop);
          deps.shutdownSignal.addEventListener('abort', stop, { once: true });
          try {
            await stream.writeSSE({ event: 'ready', data: '{}' });
            while (!stream.aborted && !deps.shutdownSignal.aborted) {
              await new Promise<void>((resolve) => {
                if (changed) return resolve();
                const timer = setTimeout(resolve, HEARTBEAT_MS);
                wake = () => {
                  clearTimeout(timer);
                  resolve();
                };
              });
              if (stream.aborted || deps.shutdownSignal.aborted) break;
              if (changed) {
                changed = false;
                await stream.writeSSE({ event: 'subscription', data: '{}' });
              } else {
                await stream.write(': keep-alive\n\n');
              }
            }
          } finally {
            deps.shutdownSignal.removeEventListener('abort', stop);
            await unsubscribe();
          }
        });
      })
  );
}
