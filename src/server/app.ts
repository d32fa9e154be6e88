import { fileURLToPath } from 'node:url';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { ERROR_CODES } from '../shared/errors';
import { MCP_PATH } from '../shared/mcp';
import { authRequestFields } from '../shared/schemas/auth';
import { textFieldsWithoutNul } from '../shared/schemas/common';
import { sessionMiddleware } from './auth/middleware';
import { isClosedOAuthPath, OAUTH_FORM_PATHS } from './auth/oauth';
import { PasswordHashingBusyError } from './auth/password-hashing';
import { refuseWeakPasswords } from './auth/password-strength';
import type { AppDeps, AppEnv } from './context';
import { accountRoutes } from './features/account/account.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { affiliateRoutes } from './features/affiliate/affiliate.routes';
import { assistantRoutes } from './features/assistant/assistant.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { channelsRoutes } from './features/channels/channels.routes';
import { chatReplyPaths, chatRoutes } from './features/chat/chat.routes';
import { liveReplyRoutes } from './features/chat/live-reply.routes';
import { chatsRoutes } from './features/chats/chats.routes';
import { consultRoutes } from './features/consult/consult.routes';
import { dataExportRoutes } from './features/data-export/data-export.routes';
import { extensionRoutes } from './features/extension/extension.routes';
import { followUpsRoutes } from './features/follow-ups/follow-ups.routes';
import { libraryReplyPaths, libraryRoutes } from './features/library/library.routes';
import { assistantsRoutes } from './features/mcp/assistants.routes';
import { mcpRoutes } from './features/mcp/mcp.routes';
import { memoryRoutes } from './features/memory/memory.routes';
import { planRoutes } from './features/plan/plan.routes';
import { CALENDAR_FEED_PATH, planCalendarRoutes } from './features/plan/plan-calendar.routes';
import { playerRoutes } from './features/player/player.routes';
import { profileRoutes } from './features/profile/profile.routes';
import { ratingsRoutes } from './features/ratings/ratings.routes';
import { shareRoutes } from './features/share/share.routes';
import { siteRoutes } from './features/site/site.routes';
import { suggestionsRoutes } from './features/suggestions/suggestions.routes';
import { suggestionsAdminRoutes } from './features/suggestions/suggestions-admin.routes';
import { supportRoutes } from './features/support/support.routes';
import { usageRoutes } from './features/usage/usage.routes';
import { waitlistRoutes } from './features/waitlist/waitlist.routes';
import { admitReply, BUSY_RETRY_AFTER_SECONDS, busyResponse } from './http/admission';
import { clientIpMiddleware } from './http/client-ip';
import { errorBody, handleError } from './http/errors';
import { originCheck } from './http/origin-check';
import { signInSlowdown } from './http/rate-limit';
import { requestLogger } from './http/request-logger';
import { securityHeaders } from './http/security-headers';
import { webAppRoutes } from './http/static';
import { refuseNonJsonBody, validateRawJson } from './http/validate';

const HEALTH_PATH = '/health';

/** Largest JSON body the API accepts (a caption file upload is the biggest: 2 MB plus JSON overhead). */
export const MAX_BODY_BYTES = 3 * 1024 * 1024;

/**
 * The browser extension's folder: src/extension beside this file's folder, and dist/extension beside
 * the server bundle, where the build copies it.
 */
const EXTENSION_ROOT = fileURLToPath(new URL('../extension', import.meta.url));

export interface AppOptions {
  /** Folder of the built React app; when absent only the API is served. */
  webRoot?: string;
  /** False while shutting down: health answers 503 so load balancers drain us. */
  isReady?: () => boolean;
}

/** The API, chained so that `AppType` carries every route's input and output types to the web client. */
export function createApi(deps: AppDeps, options: AppOptions = {}) {
  return (
    new Hono<AppEnv>()
      .get(HEALTH_PATH, async (c) => {
        if (options.isReady && !options.isReady()) return c.json({ status: 'stopping' as const }, 503);
        // A load balancer sends new work elsewhere while this process is at capacity: replies in flight
        // or heap. Not for the readings of its CPU, which change second by second (decision 053).
        const full = deps.admission.fullReason();
        if (full === 'replies' || full === 'heap') {
          return c.json({ status: 'full' as const }, 503, {
            'Retry-After': String(BUSY_RETRY_AFTER_SECONDS),
          });
        }
        await deps.database.ping();
        return c.json({ status: 'ok' as const }, 200);
      })
      .route('/', siteRoutes(deps))
      .route('/', accountRoutes(deps))
      .route('/', assistantsRoutes(deps))
      .route('/', profileRoutes(deps))
      .route('/', billingRoutes(deps))
      .route('/waitlist', waitlistRoutes(deps))
      .route('/support', supportRoutes(deps))
      .route('/affiliate', affiliateRoutes(deps))
      // The library's /chats/search and /chats/:id/export before the consultation's /chats/:id.
      .route('/chats', chatsRoutes(deps))
      .route('/', chatRoutes(deps))
      .route('/', playerRoutes(deps))
      .route('/', liveReplyRoutes(deps))
      .route('/', consultRoutes(deps))
      .route('/', libraryRoutes(deps))
      .route('/', usageRoutes(deps))
      .route('/', assistantRoutes(deps))
      .route('/', ratingsRoutes(deps))
      .route('/', shareRoutes(deps))
      .route('/', followUpsRoutes(deps))
      .route('/', planRoutes(deps))
      .route('/', planCalendarRoutes(deps))
      .route('/', memoryRoutes(deps))
      .route('/', extensionRoutes(deps, EXTENSION_ROOT))
      .route('/admin', adminRoutes(deps))
      .route('/suggestions', suggestionsRoutes(deps))
      .route('/channels', channelsRoutes(deps))
      .route('/data-export', dataExportRoutes(deps))
      .route('/admin/suggestions', suggestionsAdminRoutes(deps))
  );
}

export type AppType = ReturnType<typeof createApi>;

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>();
  app.onError((error, c) => handleError(error, c, deps.logger));
  app.use('*', requestId());
  app.use('*', requestLogger(deps.logger));
  app.use(
    '*',
    securityHeaders({
      extraScriptOrigins: originsOf(
        deps.config.SUPPORT_WIDGET_SCRIPT_URL,
        deps.config.YOUTUBE_IFRAME_API_URL,
      ),
    }),
  );
  app.use('/api/*', clientIpMiddleware(deps.config.TRUST_PROXY));
  app.use('/api/*', originCheck(deps.config, deps.logger));
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json(errorBody('payload_too_large', 'The request body is too large'), 413),
  });
  app.use('/api/*', limitBody);
  app.use(MCP_PATH, limitBody);
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });

  // Admin actions go through our own audited routes, never Better Auth's admin endpoints.
  app.all('/api/auth/admin/*', (c) => c.json(errorBody(ERROR_CODES.notFound, 'Not found'), 404));
  app.all('/api/auth/oauth2/*', (c, next) =>
    isClosedOAuthPath(authPathOf(c.req.path))
      ? c.json(errorBody(ERROR_CODES.notFound, 'Not found'), 404)
      : next(),
  );
  // An OAuth provider may post its answer as a form (response_mode=form_post): Better Auth only turns
  // it into the GET callback, which takes the same fields in its query. An assistant's token and
  // revocation requests are forms by the OAuth standard.
  const refuseForms = refuseNonJsonBody();
  app.post('/api/auth/*', (c, next) =>
    c.req.path.startsWith('/api/auth/callback/') || OAUTH_FORM_PATHS.has(authPathOf(c.req.path))
      ? next()
      : refuseForms(c, next),
  );
  app.post(
    '/api/auth/*',
    validateRawJson(textFieldsWithoutNul),
    validateRawJson(authRequestFields),
    refuseWeakPasswords(deps),
  );
  app.post('/api/auth/sign-in/email', signInSlowdown(deps));
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    // Better Auth answers or throws its own failures; when the database is down, say so as our API
    // does (a sign-up that cannot create its user answers 422, so that is checked too).
    const databaseDown = () =>
      deps.database.ping().then(
        () => false,
        () => true,
      );
    const unavailable = () => {
      c.header('Retry-After', '5');
      return c.json(
        errorBody(ERROR_CODES.unavailable, 'The service is briefly unavailable. Please try again.'),
        503,
      );
    };
    try {
      const response = withStandardRetryAfter(await deps.auth.handler(c.req.raw));
      const failed = response.status >= 500 || response.status === 422;
      return failed && (await databaseDown()) ? unavailable() : response;
    } catch (error) {
      if (error instanceof PasswordHashingBusyError) return busyResponse(c);
      if (await databaseDown()) return unavailable();
      throw error;
    }
  });

  // A new reply takes its place before its session is read: a full process refuses it without a
  // database round trip, and a burst cannot queue thousands of session reads ahead of the replies it
  // admitted (decision 052).
  const admit = admitReply(deps.admission);
  for (const path of [...chatReplyPaths, ...libraryReplyPaths]) app.post(`/api${path}`, admit);
  const readSession = sessionMiddleware(deps.auth, deps.config.SESSION_MEMO_ENTRIES);
  // A calendar app reads its feed with the token in the address alone, and a load balancer asks for
  // health with no one signed in: no session is read or renewed for either (decision 070).
  const withoutSession = (path: string) =>
    path === `/api${HEALTH_PATH}` || path.startsWith(`/api${CALENDAR_FEED_PATH}`);
  app.use('/api/*', (c, next) => (withoutSession(c.req.path) ? next() : readSession(c, next)));
  app.route('/api', createApi(deps, options));
  app.route('/', mcpRoutes(deps));
  // Assistants probe several discovery addresses: the ones we do not serve answer 404, not the web app.
  app.all('/.well-known/*', (c) =>
    c.json(errorBody(ERROR_CODES.notFound, 'No such discovery document'), 404),
  );
  app.all('/api/*', (c) => c.json(errorBody(ERROR_CODES.notFound, 'No such API route'), 404));

  if (options.webRoot) app.route('/', webAppRoutes(options.webRoot));
  return app;
}

const authPathOf = (path: string) => path.slice('/api/auth'.length);

/** Better Auth's 429 names its wait in X-Retry-After only; clients and proxies read Retry-After. */
function withStandardRetryAfter(response: Response): Response {
  const wait = response.headers.get('x-retry-after');
  if (response.status !== 429 || wait === null || response.headers.has('retry-after')) return response;
  const headers = new Headers(response.headers);
  headers.set('Retry-After', wait);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function originsOf(...urls: (string | undefined)[]): string[] {
  return [...new Set(urls.flatMap((url) => (url ? [new URL(url).origin] : [])))];
}
