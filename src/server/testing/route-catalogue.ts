import { outcomeLinks } from '../features/plan/check-in-outcome';
import { insertChannel } from './channels';
import { createManualChat } from './consult';
import { readyDataExport } from './data-export';
import { SAMPLE_PROFILE } from './fixtures';
import { assistantClientOf, connectAssistant, listPlanCall } from './mcp';
import { insertMemory } from './memory';
import { checkInTokenOf, insertAnswer, insertPlanItem, itemIdsInOrder } from './plan';
import { insertPick, randomVideoId, unsubscribeTokenOf, unusedWeek } from './suggestions';
import type { TestClient } from './test-client';
import type { Actor, World } from './world';

/**
 * Every route of the API with a valid request per actor and the status each actor must get. The
 * authorization matrix checks that this table and the app's route table match exactly (a new route
 * without an entry fails), and the fuzz suite starts from these requests.
 */

/** The owner's weekly picks on, and their unsubscribe secret. */
async function picksTokenOf(w: World): Promise<string> {
  await owner(w).client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
  return unsubscribeTokenOf(w.t.db, owner(w).id);
}

export interface RouteRequest {
  path: string;
  body?: unknown;
  /** Send as this client instead of the actor's (routes that consume the account itself). */
  client?: TestClient;
}

export interface RouteCase {
  request(world: World, actor: Actor): RouteRequest | Promise<RouteRequest>;
  expected: Record<Actor, number>;
  /** An endless event stream: only the status is read, then the stream is closed. */
  eventStream?: boolean;
  /** Success deletes the account it is sent as (and with it the account's rate-limit counters). */
  endsAccount?: boolean;
  /** Each request sets up fresh data first (an account, a chat to answer): the fuzz suite sends an eighth as many. */
  costly?: boolean;
  /** An MCP route: its errors are JSON-RPC's (`{ jsonrpc, error: { code, message }, id }`), not the API's. */
  jsonRpc?: boolean;
}

const everyone = (status: number): Record<Actor, number> => ({
  anonymous: status,
  owner: status,
  other: status,
  admin: status,
  superAdmin: status,
});
/** Any signed-in account acting on its own data. */
const signedIn = (status: number): Record<Actor, number> => ({ ...everyone(status), anonymous: 401 });
/** The owner's resource: others do not learn it exists. */
const ownerOnly = (status: number, superAdmin = 404): Record<Actor, number> => ({
  anonymous: 401,
  owner: status,
  other: 404,
  admin: 404,
  superAdmin,
});
const superAdminOnly = (status: number): Record<Actor, number> => ({
  anonymous: 401,
  owner: 403,
  other: 403,
  admin: 403,
  superAdmin: status,
});

const owner = (w: World) => w.users.owner;

const card = { name: 'Maya Okafor', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

/** A valid pick for the admin's form (a new video each time, so it is never a duplicate). */
const pickBody = () => ({
  url: `https://youtu.be/${randomVideoId()}`,
  week: unusedWeek(),
  title: 'Pricing a premium tier',
  channel: 'Bakery Business School',
  duration: '12:05',
  tags: ['pricing'],
  note: 'Clear steps for a premium tier',
});

/** Starts a local test checkout as `client` and returns its session id. */
async function checkoutSession(client: TestClient): Promise<string> {
  const { url } = await client.json<{ url: string }>('/api/billing/checkout', {
    method: 'POST',
    json: { planId: 'pro' },
  });
  return new URL(url, 'http://x').searchParams.get('session')!;
}

/**
 * A checkout session of a new buyer (a checkout can only start without a running subscription); the
 * owner's request is sent as that buyer, everyone else tries the buyer's session with their own account.
 */
async function checkoutRequest(w: World, actor: Actor, path: (sessionId: string) => string, body?: unknown) {
  const buyer = await w.t.createOnboardedUser();
  const sessionId = await checkoutSession(buyer.client);
  return { path: path(sessionId), body, sessionId, client: actor === 'owner' ? buyer.client : undefined };
}

/** The owner's subscription id, subscribing first when there is none. */
async function ownerSubscriptionId(w: World): Promise<string> {
  const view = await owner(w).client.json<{ subscription: { id: string } | null }>(
    '/api/billing/subscription',
  );
  if (view.subscription) return view.subscription.id;
  const sessionId = await checkoutSession(owner(w).client);
  await owner(w).client.json(`/api/billing/test-checkout/${sessionId}/complete`, {
    method: 'POST',
    json: card,
  });
  return ownerSubscriptionId(w);
}

/** The owner's share link to a chat that carries no marker: what anyone with the link may read. */
const publicLinks = new WeakMap<World, Promise<string>>();
function publicShareToken(w: World): Promise<string> {
  let token = publicLinks.get(w);
  if (!token) {
    token = (async () => {
      const chatId = await createManualChat(owner(w), 'A public talk on pricing sourdough boxes.');
      const { link } = await owner(w).client.json(
        `/api/chats/${chatId}/share-links`,
        { method: 'POST' },
        201,
      );
      return (link.path as string).split('/').at(-1)!;
    })();
    publicLinks.set(w, token);
  }
  return token;
}

async function freshAccount(w: World, actor: Actor): Promise<RouteRequest> {
  if (actor === 'anonymous') return { path: '/api/account', body: { password: 'any-password-at-all' } };
  const role = actor === 'superAdmin' ? 'super_admin' : actor === 'admin' ? 'admin' : 'user';
  const user = await w.t.createOnboardedUser({ role });
  return { path: '/api/account', client: user.client, body: { password: user.password } };
}

export const ROUTE_CATALOGUE: Record<string, RouteCase> = {
  'GET /health': { request: () => ({ path: '/api/health' }), expected: everyone(200) },
  'GET /config': { request: () => ({ path: '/api/config' }), expected: everyone(200) },
  'GET /me': { request: () => ({ path: '/api/me' }), expected: signedIn(200) },
  'GET /account/settings': { request: () => ({ path: '/api/account/settings' }), expected: signedIn(200) },
  'PATCH /account/settings': {
    request: () => ({
      path: '/api/account/settings',
      body: { timeZone: 'Europe/Paris', answerLanguage: 'fr' },
    }),
    expected: signedIn(200),
  },
  'DELETE /account': { request: freshAccount, expected: signedIn(200), costly: true, endsAccount: true },

  'GET /profile': { request: () => ({ path: '/api/profile' }), expected: signedIn(200) },
  'PUT /profile': {
    request: () => ({ path: '/api/profile', body: { ...SAMPLE_PROFILE } }),
    expected: signedIn(200),
  },

  'GET /billing/plans': { request: () => ({ path: '/api/billing/plans' }), expected: everyone(200) },
  'POST /billing/free-plan': {
    request: () => ({ path: '/api/billing/free-plan', body: { planId: 'free' } }),
    expected: signedIn(200),
  },
  'POST /billing/checkout': {
    request: () => ({ path: '/api/billing/checkout', body: { planId: 'premium' } }),
    expected: signedIn(200),
  },
  'POST /billing/checkout/verify': {
    request: async (w, actor) => {
      const request = await checkoutRequest(w, actor, () => '/api/billing/checkout/verify');
      return { ...request, body: { sessionId: request.sessionId } };
    },
    expected: ownerOnly(200),
    costly: true,
  },
  'GET /billing/test-checkout/:sessionId': {
    request: (w, actor) => checkoutRequest(w, actor, (id) => `/api/billing/test-checkout/${id}`),
    expected: ownerOnly(200),
    costly: true,
  },
  'POST /billing/test-checkout/:sessionId/complete': {
    request: (w, actor) =>
      checkoutRequest(w, actor, (id) => `/api/billing/test-checkout/${id}/complete`, card),
    expected: ownerOnly(200),
    costly: true,
  },
  'GET /billing/subscription': {
    request: () => ({ path: '/api/billing/subscription' }),
    expected: signedIn(200),
  },
  'POST /billing/subscription/cancel': {
    request: async (w) => ({
      path: '/api/billing/subscription/cancel',
      body: { subscriptionId: await ownerSubscriptionId(w) },
    }),
    expected: ownerOnly(200),
  },
  'POST /billing/subscription/resume': {
    request: async (w) => ({
      path: '/api/billing/subscription/resume',
      body: { subscriptionId: await ownerSubscriptionId(w) },
    }),
    expected: ownerOnly(200),
  },
  'GET /billing/payment-method': {
    request: () => ({ path: '/api/billing/payment-method' }),
    expected: signedIn(200),
  },
  'POST /billing/payment-method/update': {
    request: () => ({ path: '/api/billing/payment-method/update' }),
    expected: signedIn(200),
  },
  // The local provider has no billing portal (Stripe's is tested in the billing suite).
  'POST /billing/portal': { request: () => ({ path: '/api/billing/portal' }), expected: signedIn(404) },
  'POST /billing/webhook': {
    request: () => ({ path: '/api/billing/webhook', body: { type: 'customer.subscription.deleted' } }),
    expected: everyone(404),
  },
  'GET /billing/events': {
    request: () => ({ path: '/api/billing/events' }),
    expected: signedIn(200),
    eventStream: true,
  },

  'POST /waitlist': {
    request: (_w, actor) => ({ path: '/api/waitlist', body: { email: `${actor}@waitlist.example.com` } }),
    expected: everyone(200),
  },
  'GET /support/tickets': { request: () => ({ path: '/api/support/tickets' }), expected: signedIn(200) },
  'GET /support/replies/latest': {
    request: () => ({ path: '/api/support/replies/latest' }),
    expected: signedIn(200),
  },
  'POST /support/tickets': {
    request: () => ({
      path: '/api/support/tickets',
      body: { subject: 'Billing', message: 'How do I upgrade?' },
    }),
    expected: signedIn(201),
  },
  'POST /support/tickets/:id/replies': {
    request: (w) => ({
      path: `/api/support/tickets/${owner(w).ticketId}/replies`,
      body: { message: 'Any news?' },
    }),
    expected: ownerOnly(201),
  },
  'POST /affiliate': {
    request: () => ({ path: '/api/affiliate', body: { message: 'I run a newsletter for bakers.' } }),
    expected: signedIn(200),
  },

  'POST /chats': {
    request: () => ({
      path: '/api/chats',
      body: { source: 'manual', transcript: 'A talk about pricing for bakeries and loyalty cards.' },
    }),
    expected: signedIn(201),
  },
  'GET /caption-tracks': {
    request: () => ({ path: '/api/caption-tracks?youtubeUrl=https://youtu.be/spanishEs01' }),
    expected: signedIn(200),
  },
  'GET /chats': { request: () => ({ path: '/api/chats' }), expected: signedIn(200) },
  'GET /chats/search': {
    request: (w) => ({ path: `/api/chats/search?q=${owner(w).marker}` }),
    expected: signedIn(200),
  },
  'GET /chats/:chatId': {
    request: (w, actor) => ({
      path: `/api/chats/${owner(w).chatId}${actor === 'superAdmin' ? '?ia=1' : ''}`,
    }),
    expected: ownerOnly(200, 200),
  },
  'GET /chats/:chatId/transcript': {
    request: (w, actor) => ({
      path: `/api/chats/${owner(w).chatId}/transcript${actor === 'superAdmin' ? '?ia=1' : ''}`,
    }),
    expected: ownerOnly(200, 200),
  },
  'PATCH /chats/:id': {
    request: (w) => ({
      path: `/api/chats/${owner(w).chatId}`,
      body: { title: `Renamed ${owner(w).marker}` },
    }),
    expected: ownerOnly(200),
  },
  'DELETE /chats/:id': {
    request: async (w) => ({ path: `/api/chats/${await w.freshChat(owner(w))}` }),
    expected: ownerOnly(200),
  },
  'GET /chats/:id/export': {
    request: (w) => ({ path: `/api/chats/${owner(w).chatId}/export?format=md` }),
    expected: ownerOnly(200),
  },
  'POST /chats/:chatId/first-reply': {
    request: async (w) => {
      const chatId = await w.freshChat(owner(w), { answered: false });
      return { path: `/api/chats/${chatId}/first-reply` };
    },
    expected: ownerOnly(200),
    costly: true,
  },
  'POST /chats/:chatId/messages': {
    request: (w) => ({
      path: `/api/chats/${owner(w).chatId}/messages`,
      body: { content: 'What should I try first?' },
    }),
    expected: ownerOnly(200),
  },
  'POST /chats/:chatId/messages/:messageId/regenerate': {
    request: async (w) => {
      const { chatId, messageId } = await w.freshAnswer(owner(w));
      return { path: `/api/chats/${chatId}/messages/${messageId}/regenerate` };
    },
    expected: ownerOnly(200),
    costly: true,
  },
  'POST /chats/:chatId/messages/:messageId/edit': {
    request: async (w) => {
      const { chatId, questionId } = await w.freshAnswer(owner(w));
      return {
        path: `/api/chats/${chatId}/messages/${questionId}/edit`,
        body: { content: 'What should I try instead?' },
      };
    },
    expected: ownerOnly(200),
    costly: true,
  },
  // Nothing is being written: the chat's saved answer (staff reading it may follow it too).
  'GET /chats/:chatId/stream': {
    request: async (w, actor) => {
      const { chatId } = await w.freshAnswer(owner(w));
      return { path: `/api/chats/${chatId}/stream${actor === 'superAdmin' ? '?ia=1' : ''}` };
    },
    expected: ownerOnly(200, 200),
  },
  // Nothing is being written: there is nothing to stop. Staff may not stop a user's answer.
  'POST /chats/:chatId/stop': {
    request: (w) => ({ path: `/api/chats/${owner(w).chatId}/stop` }),
    expected: ownerOnly(409),
  },
  'PUT /chats/:chatId/branch': {
    request: async (w) => {
      const { chatId, questionId } = await w.freshAnswer(owner(w));
      return { path: `/api/chats/${chatId}/branch`, body: { messageId: questionId } };
    },
    expected: ownerOnly(200),
    costly: true,
  },
  'POST /chats/:chatId/sources': {
    request: async (w) => ({
      path: `/api/chats/${await w.freshChat(owner(w))}/sources`,
      body: { source: 'manual', transcript: `Another talk on loyalty cards, ${owner(w).marker}.` },
    }),
    expected: ownerOnly(201),
  },
  'DELETE /chats/:chatId/sources/:sourceId': {
    request: async (w) => {
      const { chatId, sourceId } = await w.freshSource(owner(w));
      return { path: `/api/chats/${chatId}/sources/${sourceId}` };
    },
    expected: ownerOnly(200),
  },
  'PUT /chats/:chatId/messages/:messageId/rating': {
    request: async (w) => {
      const { chatId, messageId } = await w.freshAnswer(owner(w));
      return {
        path: `/api/chats/${chatId}/messages/${messageId}/rating`,
        body: { rating: 'down', reason: 'other' },
      };
    },
    expected: ownerOnly(200),
  },
  'DELETE /chats/:chatId/messages/:messageId/rating': {
    request: async (w) => {
      const { chatId, messageId } = await w.freshAnswer(owner(w));
      return { path: `/api/chats/${chatId}/messages/${messageId}/rating` };
    },
    expected: ownerOnly(200),
  },
  'POST /chats/:chatId/messages/:messageId/follow-ups': {
    request: async (w) => {
      const { chatId, messageId } = await w.freshAnswer(owner(w));
      return { path: `/api/chats/${chatId}/messages/${messageId}/follow-ups` };
    },
    expected: ownerOnly(200),
  },
  'GET /chats/:chatId/share-links': {
    request: (w) => ({ path: `/api/chats/${owner(w).chatId}/share-links` }),
    expected: ownerOnly(200),
  },
  // A fresh chat each time: a chat holds at most MAX_LIVE_SHARE_LINKS live links.
  'POST /chats/:chatId/share-links': {
    request: async (w) => ({ path: `/api/chats/${await w.freshChat(owner(w))}/share-links` }),
    expected: ownerOnly(201),
  },
  'DELETE /chats/:chatId/share-links/:linkId': {
    request: async (w) => {
      const path = `/api/chats/${await w.freshChat(owner(w))}/share-links`;
      const { link } = await owner(w).client.json(path, { method: 'POST' }, 201);
      return { path: `${path}/${link.id}` };
    },
    expected: ownerOnly(200),
  },
  // A link is read by whoever has it, signed in or not.
  'GET /shared/:token': {
    request: async (w) => ({ path: `/api/shared/${await publicShareToken(w)}` }),
    expected: everyone(200),
  },
  'POST /shared/:token/copy': {
    request: async (w) => ({ path: `/api/shared/${await publicShareToken(w)}/copy` }),
    expected: signedIn(201),
    costly: true,
  },
  // Each account asks its own library (every world account has a chat on growing a bakery).
  'POST /library/ask': {
    request: () => ({
      path: '/api/library/ask',
      body: { question: 'How do I grow a bakery with subscriptions?' },
    }),
    expected: signedIn(200),
    costly: true,
  },
  'GET /usage': { request: () => ({ path: '/api/usage' }), expected: signedIn(200) },

  'GET /admin/assistant': {
    request: () => ({ path: '/api/admin/assistant' }),
    expected: superAdminOnly(200),
  },
  'PUT /admin/assistant': {
    request: () => ({
      path: '/api/admin/assistant',
      body: { instructions: 'Be a concise consultant.', model: 'gpt-4o-mini' },
    }),
    expected: superAdminOnly(200),
  },
  // No AI key in tests: the admin is told so (the offline model still answers users).
  'GET /admin/assistant/models': {
    request: () => ({ path: '/api/admin/assistant/models' }),
    expected: superAdminOnly(409),
  },
  'GET /admin/assistant/ratings': {
    request: () => ({ path: '/api/admin/assistant/ratings' }),
    expected: superAdminOnly(200),
  },
  'GET /admin/users': { request: () => ({ path: '/api/admin/users' }), expected: superAdminOnly(200) },
  'GET /admin/users/:id': {
    request: (w) => ({ path: `/api/admin/users/${owner(w).id}` }),
    expected: superAdminOnly(200),
  },
  'PUT /admin/users/:id/role': {
    request: (w) => ({ path: `/api/admin/users/${owner(w).id}/role`, body: { role: 'user' } }),
    expected: superAdminOnly(200),
  },
  'GET /admin/users/:id/profile': {
    request: (w) => ({ path: `/api/admin/users/${owner(w).id}/profile` }),
    expected: superAdminOnly(200),
  },
  'GET /admin/users/:id/usage': {
    request: (w) => ({ path: `/api/admin/users/${owner(w).id}/usage` }),
    expected: superAdminOnly(200),
  },
  'GET /admin/users/:id/tickets': {
    request: (w) => ({ path: `/api/admin/users/${owner(w).id}/tickets` }),
    expected: superAdminOnly(200),
  },
  'GET /admin/users/:id/chats': {
    request: (w) => ({ path: `/api/admin/users/${owner(w).id}/chats` }),
    expected: superAdminOnly(200),
  },
  'PATCH /admin/chats/:id': {
    request: (w) => ({ path: `/api/admin/chats/${owner(w).chatId}`, body: { title: 'Renamed by support' } }),
    expected: superAdminOnly(200),
  },
  'DELETE /admin/chats/:id': {
    request: async (w) => ({ path: `/api/admin/chats/${await w.freshChat(owner(w))}` }),
    expected: superAdminOnly(200),
  },
  'POST /admin/tickets/:id/replies': {
    request: (w) => ({
      path: `/api/admin/tickets/${owner(w).ticketId}/replies`,
      body: { message: 'Looking into it.' },
    }),
    expected: superAdminOnly(201),
  },
  'POST /admin/tickets/:id/resolve': {
    request: (w) => ({ path: `/api/admin/tickets/${owner(w).ticketId}/resolve` }),
    expected: superAdminOnly(200),
  },
  'GET /suggestions': { request: () => ({ path: '/api/suggestions' }), expected: signedIn(200) },
  'GET /suggestions/trending': {
    request: () => ({ path: '/api/suggestions/trending' }),
    expected: signedIn(200),
  },
  'GET /suggestions/search': {
    request: () => ({ path: '/api/suggestions/search' }),
    expected: signedIn(200),
  },
  'PUT /suggestions/keywords': {
    request: () => ({ path: '/api/suggestions/keywords', body: { keywords: ['pricing', 'retention'] } }),
    expected: signedIn(200),
  },
  'GET /suggestions/email': { request: () => ({ path: '/api/suggestions/email' }), expected: signedIn(200) },
  'PUT /suggestions/email': {
    request: () => ({ path: '/api/suggestions/email', body: { weeklyEmail: true } }),
    expected: signedIn(200),
  },
  // The e-mail's link works for whoever holds it, signed in or not.
  'POST /suggestions/unsubscribe': {
    request: async (w) => {
      await owner(w).client.json('/api/suggestions/email', { method: 'PUT', json: { weeklyEmail: true } });
      const token = await unsubscribeTokenOf(w.t.db, owner(w).id);
      return { path: `/api/suggestions/unsubscribe?token=${token}` };
    },
    expected: everyone(200),
  },
  // The combined weekly mail's links work for whoever holds them, signed in or not.
  'POST /suggestions/weekly-mail/unsubscribe': {
    request: async (w) => ({
      path: `/api/suggestions/weekly-mail/unsubscribe?token=${await picksTokenOf(w)}`,
    }),
    expected: everyone(200),
  },
  'GET /suggestions/weekly-mail/unsubscribe': {
    request: async (w) => ({
      path: `/api/suggestions/weekly-mail/unsubscribe?token=${await picksTokenOf(w)}`,
    }),
    expected: everyone(303),
  },
  'PUT /suggestions/weekly-mail/keep': {
    request: async (w) => ({
      path: `/api/suggestions/weekly-mail/keep?token=${await picksTokenOf(w)}`,
      body: { part: 'checkIn' },
    }),
    expected: everyone(200),
  },
  'GET /channels': { request: () => ({ path: '/api/channels' }), expected: signedIn(200) },
  'POST /channels': {
    request: async (w) => ({
      path: '/api/channels',
      body: { link: `https://www.youtube.com/channel/${await insertChannel(w.t.db)}` },
    }),
    expected: signedIn(201),
  },
  'GET /channels/videos': {
    request: () => ({ path: '/api/channels/videos?sort=relevance' }),
    expected: signedIn(200),
  },
  // Each account unfollows a channel of its own.
  'DELETE /channels/:channelId': {
    request: async (w, actor) => ({
      path: `/api/channels/${await insertChannel(w.t.db, actor === 'anonymous' ? [] : [w.users[actor].id])}`,
    }),
    expected: signedIn(200),
  },
  'GET /data-export': { request: () => ({ path: '/api/data-export' }), expected: signedIn(200) },
  'POST /data-export': { request: () => ({ path: '/api/data-export' }), expected: signedIn(202) },
  // The owner's archive, built by its job: only the owner may download it.
  'GET /data-export/:id/download': {
    request: async (w) => ({ path: (await readyDataExport(w.t, owner(w))).downloadPath! }),
    expected: ownerOnly(200),
    costly: true,
  },
  'GET /admin/suggestions': {
    request: () => ({ path: '/api/admin/suggestions' }),
    expected: superAdminOnly(200),
  },
  // Tests reach no YouTube: the lookup answers that the details must be typed.
  'GET /admin/suggestions/lookup': {
    request: () => ({ path: '/api/admin/suggestions/lookup?url=https://youtu.be/dQw4w9WgXcQ' }),
    expected: superAdminOnly(200),
  },
  'POST /admin/suggestions': {
    request: () => ({ path: '/api/admin/suggestions', body: pickBody() }),
    expected: superAdminOnly(201),
  },
  'PUT /admin/suggestions/order': {
    request: async (w) => {
      const week = unusedWeek();
      const first = await insertPick(w.t.db, { week, position: 0 });
      const second = await insertPick(w.t.db, { week, position: 1 });
      return { path: '/api/admin/suggestions/order', body: { week, ids: [second.id, first.id] } };
    },
    expected: superAdminOnly(200),
  },
  'PUT /admin/suggestions/:id': {
    request: async (w) => ({
      path: `/api/admin/suggestions/${(await insertPick(w.t.db, { week: unusedWeek() })).id}`,
      body: pickBody(),
    }),
    expected: superAdminOnly(200),
  },
  'DELETE /admin/suggestions/:id': {
    request: async (w) => ({
      path: `/api/admin/suggestions/${(await insertPick(w.t.db, { week: unusedWeek() })).id}`,
    }),
    expected: superAdminOnly(200),
  },
  'POST /chats/:chatId/messages/:messageId/plan-proposal': {
    request: async (w) => {
      const { chatId, id: userId } = owner(w);
      const messageId = await insertAnswer(w.t.db, { chatId, userId });
      return { path: `/api/chats/${chatId}/messages/${messageId}/plan-proposal` };
    },
    expected: ownerOnly(200),
  },
  'GET /plan': { request: () => ({ path: '/api/plan' }), expected: signedIn(200) },
  'POST /plan/items': {
    request: async (w) => {
      const { chatId, id: userId } = owner(w);
      const messageId = await insertAnswer(w.t.db, { chatId, userId });
      return {
        path: '/api/plan/items',
        body: { messageId, items: [{ title: 'Launch a bread subscription' }] },
      };
    },
    expected: ownerOnly(201),
  },
  'PATCH /plan/items/:itemId': {
    request: async (w) => ({
      path: `/api/plan/items/${(await insertPlanItem(w.t.db, owner(w).id, { title: 'Call ten regulars' })).id}`,
      body: { status: 'in_progress', dueDate: '2030-01-31' },
    }),
    expected: ownerOnly(200),
  },
  'PUT /plan/order': {
    request: async (w) => {
      await insertPlanItem(w.t.db, owner(w).id, { title: 'Bake a sample box', status: 'dropped' });
      const itemIds = await itemIdsInOrder(w.t.db, owner(w).id, 'dropped');
      return { path: '/api/plan/order', body: { status: 'dropped', itemIds: itemIds.reverse() } };
    },
    expected: ownerOnly(200),
  },
  'DELETE /plan/items/:itemId': {
    request: async (w) => ({
      path: `/api/plan/items/${(await insertPlanItem(w.t.db, owner(w).id, { title: 'Print flyers' })).id}`,
    }),
    expected: ownerOnly(200),
  },
  'GET /plan/export': { request: () => ({ path: '/api/plan/export?format=ics' }), expected: signedIn(200) },
  'GET /plan/check-in': { request: () => ({ path: '/api/plan/check-in' }), expected: signedIn(200) },
  'PUT /plan/check-in': {
    request: () => ({ path: '/api/plan/check-in', body: { enabled: true } }),
    expected: signedIn(200),
  },
  'POST /plan/check-in/unsubscribe': {
    request: async (w) => {
      await owner(w).client.json('/api/plan/check-in', { method: 'PUT', json: { enabled: true } });
      return { path: `/api/plan/check-in/unsubscribe?token=${await checkInTokenOf(w.t.db, owner(w).id)}` };
    },
    expected: everyone(200),
  },
  // The check-in mail's "How did it go?" link works for whoever holds it, signed in or not (once).
  'POST /plan/check-in/outcome': {
    request: async (w) => {
      await owner(w).client.json('/api/plan/check-in', { method: 'PUT', json: { enabled: true } });
      const item = await insertPlanItem(w.t.db, owner(w).id, { title: 'Raise prices', status: 'done' });
      const [worked] = outcomeLinks(
        '',
        await checkInTokenOf(w.t.db, owner(w).id),
        { userId: owner(w).id, itemId: item.id },
        new Date(),
      );
      return { path: `/api/plan/check-in/outcome?${worked!.url.split('?')[1]}` };
    },
    expected: everyone(200),
  },
  'GET /plan/calendar': { request: () => ({ path: '/api/plan/calendar' }), expected: signedIn(200) },
  'POST /plan/calendar': { request: () => ({ path: '/api/plan/calendar' }), expected: signedIn(201) },
  'DELETE /plan/calendar': { request: () => ({ path: '/api/plan/calendar' }), expected: signedIn(200) },
  // The address is the secret: whoever holds it reads the feed, signed in or not.
  'GET /calendar/:file': {
    request: async (w) => {
      const { url } = await owner(w).client.json<{ url: string }>(
        '/api/plan/calendar',
        { method: 'POST' },
        201,
      );
      return { path: new URL(url).pathname };
    },
    expected: everyone(200),
  },
  'GET /memory': { request: () => ({ path: '/api/memory' }), expected: signedIn(200) },
  'POST /memory': {
    request: () => ({ path: '/api/memory', body: { statement: 'We sell 40 boxes a week', kind: 'fact' } }),
    expected: signedIn(201),
  },
  'PATCH /memory/:memoryId': {
    request: async (w) => ({
      path: `/api/memory/${(await insertMemory(w.t.db, owner(w).id, 'Our oven fits 12 loaves')).id}`,
      body: { statement: 'Our oven fits 14 loaves' },
    }),
    expected: ownerOnly(200),
  },
  'DELETE /memory/:memoryId': {
    request: async (w) => ({
      path: `/api/memory/${(await insertMemory(w.t.db, owner(w).id, 'We close on Mondays')).id}`,
    }),
    expected: ownerOnly(200),
  },
  'PUT /memory/pause': {
    request: () => ({ path: '/api/memory/pause', body: { paused: false } }),
    expected: signedIn(200),
  },
  'POST /memory/forget': {
    request: async (w, actor) => {
      if (actor === 'anonymous') return { path: '/api/memory/forget', body: { confirm: 'FORGET' } };
      const user = await w.t.createOnboardedUser();
      await insertMemory(w.t.db, user.id, 'We rent the shop until 2028');
      return {
        path: '/api/memory/forget',
        body: { confirm: 'FORGET', password: user.password },
        client: user.client,
      };
    },
    expected: signedIn(200),
    costly: true,
  },
  'PUT /chats/:chatId/use-memory': {
    request: (w) => ({ path: `/api/chats/${owner(w).chatId}/use-memory`, body: { useMemory: true } }),
    expected: ownerOnly(200),
  },
  'POST /plan/items/:itemId/outcome': {
    request: async (w) => ({
      path: `/api/plan/items/${(await insertPlanItem(w.t.db, owner(w).id, { title: 'Raise prices', status: 'done' })).id}/outcome`,
      body: { outcome: 'partly', note: 'Two regulars left' },
    }),
    expected: ownerOnly(200),
  },
  'GET /extension/package': { request: () => ({ path: '/api/extension/package' }), expected: everyone(200) },
  'GET /admin/waitlist': { request: () => ({ path: '/api/admin/waitlist' }), expected: superAdminOnly(200) },
  'GET /admin/audit': { request: () => ({ path: '/api/admin/audit' }), expected: superAdminOnly(200) },
  'GET /admin/jobs': { request: () => ({ path: '/api/admin/jobs' }), expected: superAdminOnly(200) },
  'GET /account/assistants': {
    request: () => ({ path: '/api/account/assistants' }),
    expected: signedIn(200),
  },
  'DELETE /account/assistants/:clientId': {
    // The owner's assistant, connected afresh (a disconnected one is gone): others do not learn of it.
    request: async (w) => {
      const { provider } = await connectAssistant(w.t, owner(w));
      return { path: `/api/account/assistants/${provider.information!.client_id}` };
    },
    expected: ownerOnly(200, 404),
    costly: true,
  },
  // The MCP endpoint takes an assistant's bearer token and never a cookie: only the owner's assistant
  // gets in, every signed-in browser session is refused as an anonymous request is.
  'POST /mcp': {
    request: async (w, actor) => ({
      path: '/mcp',
      body: listPlanCall,
      ...(actor === 'owner' && { client: await assistantClientOf(w.t, owner(w)) }),
    }),
    expected: { anonymous: 401, owner: 200, other: 401, admin: 401, superAdmin: 401 },
    jsonRpc: true,
  },
  'GET /mcp': { request: () => ({ path: '/mcp' }), expected: everyone(405), jsonRpc: true },
  'DELETE /mcp': { request: () => ({ path: '/mcp' }), expected: everyone(405), jsonRpc: true },
  'GET /.well-known/oauth-protected-resource/mcp': {
    request: () => ({ path: '/.well-known/oauth-protected-resource/mcp' }),
    expected: everyone(200),
  },
  'GET /.well-known/oauth-protected-resource': {
    request: () => ({ path: '/.well-known/oauth-protected-resource' }),
    expected: everyone(200),
  },
  'GET /.well-known/oauth-authorization-server/api/auth': {
    request: () => ({ path: '/.well-known/oauth-authorization-server/api/auth' }),
    expected: everyone(200),
  },
};
