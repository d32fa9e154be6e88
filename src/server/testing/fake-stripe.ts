import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server answering the Stripe API calls our Stripe adapter makes, in Stripe's wire
 * format: form-encoded requests with bracketed keys, JSON objects shaped as the API version of the
 * SDK returns them (period dates on subscription items), Stripe's error bodies.
 * `completeCheckout` plays the part of a customer paying on Stripe's hosted page.
 */

// biome-ignore lint/suspicious/noExplicitAny: Stripe's JSON objects, read and written freely by the fake
type StripeObject = Record<string, any>;

export interface RecordedRequest {
  method: string;
  path: string;
  body: StripeObject;
  query: StripeObject;
}

const DAY = 24 * 60 * 60;
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=1` → { a: { b: [ { c: '1' } ] } }: the encoding the SDK uses. */
export function parseStripeForm(params: URLSearchParams): StripeObject {
  const root: StripeObject = {};
  for (const [key, value] of params) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: StripeObject = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? '');
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.on('data', (chunk) => {
      data += chunk;
    });
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}

export interface FakeStripe {
  url: string;
  requests: RecordedRequest[];
  customers: Map<string, StripeObject>;
  subscriptions: Map<string, StripeObject>;
  sessions: Map<string, StripeObject>;
  /** Pays a checkout session as the customer would on Stripe's page; returns the completed session. */
  completeCheckout(
    sessionId: string,
    card?: { brand: string; last4: string; expMonth: number; expYear: number },
  ): StripeObject;
  /** A Stripe event object wrapping `object`. */
  event(type: string, object: StripeObject, created?: number): StripeObject;
  close(): Promise<void>;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const customers = new Map<string, StripeObject>();
  const subscriptions = new Map<string, StripeObject>();
  const sessions = new Map<string, StripeObject>();
  const paymentMethods = new Map<string, StripeObject>();
  const setupIntents = new Map<string, StripeObject>();
  const sessionPrices = new Map<string, { price: string; trialDays: number }>();

  const price = (id: string) => ({
    id,
    object: 'price',
    active: true,
    currency: 'usd',
    unit_amount: 700,
    recurring: { interval: id.includes('annual') ? 'year' : 'month', interval_count: 1 },
    type: 'recurring',
    livemode: false,
  });

  function newSubscription(customer: string, priceId: string, trialDays: number, paymentMethod: string) {
    const start = nowSeconds();
    const end = start + (trialDays > 0 ? trialDays : 30) * DAY;
    const id = newId('sub');
    const subscription = {
      id,
      object: 'subscription',
      customer,
      status: trialDays > 0 ? 'trialing' : 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      trial_start: trialDays > 0 ? start : null,
      trial_end: trialDays > 0 ? end : null,
      default_payment_method: paymentMethod,
      collection_method: 'charge_automatically',
      currency: 'usd',
      livemode: false,
      metadata: {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: price(priceId),
            quantity: 1,
            subscription: id,
            current_period_start: start,
            current_period_end: end,
            created: start,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
    };
    subscriptions.set(id, subscription);
    return subscription;
  }

  const expandable = (value: unknown, map: Map<string, StripeObject>) =>
    typeof value === 'string' ? (map.get(value) ?? value) : value;

  function expanded(session: StripeObject, expand: string[]): StripeObject {
    const result = structuredClone(session);
    if (expand.includes('subscription') && result.subscription) {
      result.subscription = structuredClone(expandable(result.subscription, subscriptions));
      if (expand.includes('subscription.default_payment_method')) {
        result.subscription.default_payment_method = expandable(
          result.subscription.default_payment_method,
          paymentMethods,
        );
      }
    }
    if (expand.some((path) => path.startsWith('setup_intent')) && result.setup_intent) {
      result.setup_intent = structuredClone(expandable(result.setup_intent, setupIntents));
      if (expand.includes('setup_intent.payment_method')) {
        result.setup_intent.payment_method = expandable(result.setup_intent.payment_method, paymentMethods);
      }
    }
    return result;
  }

  const missing = (kind: string, id: string) => ({
    status: 404,
    body: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${kind}: '${id}'`,
        param: 'id',
      },
    },
  });

  function route(method: string, path: string, body: StripeObject, query: StripeObject) {
    const expand: string[] = [...(body.expand ?? []), ...(query.expand ?? [])];
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        created: nowSeconds(),
        livemode: false,
        ...body,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (!customers.has(body.customer)) return missing('customer', body.customer);
      const id = `cs_test_${randomBytes(16).toString('hex')}`;
      const session = {
        id,
        object: 'checkout.session',
        mode: body.mode,
        status: 'open',
        payment_status: 'unpaid',
        customer: body.customer,
        client_reference_id: body.client_reference_id ?? null,
        subscription: null,
        setup_intent: body.mode === 'setup' ? newId('seti') : null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        url: `https://checkout.stripe.com/c/pay/${id}`,
        created: nowSeconds(),
        expires_at: nowSeconds() + DAY,
        livemode: false,
        metadata: body.metadata ?? {},
      };
      sessions.set(id, session);
      if (body.mode === 'subscription') {
        sessionPrices.set(id, {
          price: body.line_items[0].price,
          trialDays: Number(body.subscription_data?.trial_period_days ?? 0),
        });
      }
      return { status: 200, body: session };
    }
    const sessionId = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/)?.[1];
    if (sessionId && method === 'GET') {
      const session = sessions.get(sessionId);
      return session
        ? { status: 200, body: expanded(session, expand) }
        : missing('checkout.session', sessionId);
    }
    const subscriptionId = path.match(/^\/v1\/subscriptions\/([^/]+)$/)?.[1];
    if (subscriptionId) {
      const subscription = subscriptions.get(subscriptionId);
      if (!subscription) return missing('subscription', subscriptionId);
      if (method === 'GET') return { status: 200, body: subscription };
      if (method === 'DELETE') {
        Object.assign(subscription, {
          status: 'canceled',
          canceled_at: nowSeconds(),
          ended_at: nowSeconds(),
        });
        return { status: 200, body: subscription };
      }
      if (body.cancel_at_period_end !== undefined) {
        const cancel = body.cancel_at_period_end === 'true';
        Object.assign(subscription, {
          cancel_at_period_end: cancel,
          cancel_at: cancel ? subscription.items.data[0].current_period_end : null,
          canceled_at: cancel ? nowSeconds() : null,
        });
      }
      if (body.items) {
        const item = subscription.items.data.find((i: StripeObject) => i.id === body.items[0].id);
        if (!item) return missing('subscription_item', body.items[0].id);
        item.price = price(body.items[0].price);
      }
      if (body.default_payment_method) subscription.default_payment_method = body.default_payment_method;
      return { status: 200, body: subscription };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const id = newId('bps');
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `https://billing.stripe.com/p/session/${id}`,
          livemode: false,
        },
      };
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const raw = await readBody(request);
    const body = parseStripeForm(new URLSearchParams(raw));
    const query = parseStripeForm(url.searchParams);
    requests.push({ method: request.method ?? 'GET', path: url.pathname, body, query });
    const result = route(request.method ?? 'GET', url.pathname, body, query);
    response.writeHead(result.status, { 'content-type': 'application/json', 'request-id': newId('req') });
    response.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    subscriptions,
    sessions,
    completeCheckout(sessionId, card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 }) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const method = {
        id: newId('pm'),
        object: 'payment_method',
        type: 'card',
        customer: session.customer,
        created: nowSeconds(),
        livemode: false,
        card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
      };
      paymentMethods.set(method.id, method);
      if (session.mode === 'subscription') {
        const { price: priceId, trialDays } = sessionPrices.get(sessionId)!;
        session.subscription = newSubscription(session.customer, priceId, trialDays, method.id).id;
      } else {
        setupIntents.set(session.setup_intent, {
          id: session.setup_intent,
          object: 'setup_intent',
          status: 'succeeded',
          customer: session.customer,
          payment_method: method.id,
        });
      }
      Object.assign(session, { status: 'complete', payment_status: 'paid' });
      return session;
    },
    event(type, object, created = nowSeconds()) {
      return {
        id: newId('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created,
        type,
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const TEST_WEBHOOK_SECRET = 'test-webhook-secret';
export const TEST_STRIPE_PRICES = {
  STRIPE_PRICE_PRO: 'price_pro',
  STRIPE_PRICE_PRO_ANNUAL: 'price_pro_annual',
  STRIPE_PRICE_PREMIUM: 'price_premium',
  STRIPE_PRICE_PREMIUM_ANNUAL: 'price_premium_annual',
};

/** The configuration of an app whose Stripe provider talks to `fake`. */
export function stripeTestEnv(fake: FakeStripe): Record<string, string> {
  return {
    BILLING_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'test-stripe-key',
    STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
    ...TEST_STRIPE_PRICES,
  };
}
