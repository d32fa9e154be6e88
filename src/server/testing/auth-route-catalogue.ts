import { randomBytes } from 'node:crypto';
import type { Auth } from '../auth/auth';
import { isClosedOAuthPath } from '../auth/oauth';
import { uniqueEmail } from './fixtures';
import type { RouteRequest } from './route-catalogue';
import { TEST_PASSWORD, type TestApp, type TestUser } from './test-app';
import type { TestClient } from './test-client';

/**
 * Every route Better Auth serves under /api/auth, keyed by its path, with a valid request to start the
 * fuzz suite from. A route Better Auth adds (a new plugin, an upgrade) has no entry and fails the
 * suite's first check. Its admin routes are not here: the app answers them 404 before Better Auth.
 */

export interface AuthFuzzWorld {
  t: TestApp;
  /** A signed-in account every request may use and change. */
  account: TestUser;
}

export interface AuthRouteCase {
  method: 'GET' | 'POST';
  request(world: AuthFuzzWorld): RouteRequest | Promise<RouteRequest>;
  /** Ends or changes the account's sessions or password: each request signs up a fresh account first. */
  costly?: boolean;
}

type Endpoint = { path?: unknown; options?: { metadata?: { SERVER_ONLY?: boolean } } };

/**
 * The paths Better Auth serves: not its server-only endpoints, nor those the app closes (its admin
 * routes, and the OAuth provider's beyond what assistants and the consent page use).
 */
export function mountedAuthPaths(auth: Auth): string[] {
  return Object.values(auth.api as Record<string, Endpoint>)
    .filter((endpoint) => !endpoint.options?.metadata?.SERVER_ONLY)
    .map((endpoint) => endpoint.path)
    .filter(
      (path): path is string =>
        typeof path === 'string' && !path.startsWith('/admin/') && !isClosedOAuthPath(path),
    );
}

/** A string long enough to look like a token (the fuzz suite replaces such path segments too). */
const token = () => randomBytes(18).toString('base64url');

/** A part of a request, fixed or made afresh for each request (a new token, the account's e-mail). */
type Part<T> = T | ((world: AuthFuzzWorld) => T);
const resolve = <T>(part: Part<T>, world: AuthFuzzWorld): T =>
  typeof part === 'function' ? (part as (world: AuthFuzzWorld) => T)(world) : part;

/** Requests sent by one kind of client. */
const sentBy =
  (clientOf: (world: AuthFuzzWorld) => TestClient | Promise<TestClient>) =>
  (path: Part<string>, body?: Part<Record<string, unknown>>) =>
  async (world: AuthFuzzWorld): Promise<RouteRequest> => ({
    path: `/api/auth${resolve(path, world)}`,
    body: resolve(body, world),
    client: await clientOf(world),
  });
const anonymous = sentBy((w) => w.t.client());
const signedIn = sentBy((w) => w.account.client);
const freshAccount = sentBy(async (w) => (await w.t.createUser()).client);

export const AUTH_ROUTE_CATALOGUE: Record<string, AuthRouteCase> = {
  '/sign-up/email': {
    method: 'POST',
    request: anonymous('/sign-up/email', () => ({
      email: uniqueEmail(),
      password: TEST_PASSWORD,
      name: 'Maya',
    })),
  },
  '/sign-in/email': {
    method: 'POST',
    request: anonymous('/sign-in/email', (w) => ({ email: w.account.email, password: TEST_PASSWORD })),
  },
  '/sign-in/social': {
    method: 'POST',
    request: anonymous('/sign-in/social', { provider: 'google', callbackURL: '/dashboard' }),
  },
  '/callback/:id': {
    method: 'GET',
    request: anonymous(() => `/callback/google?code=${token()}&state=${token()}`),
  },
  '/get-session': { method: 'GET', request: signedIn('/get-session') },
  '/sign-out': { method: 'POST', request: freshAccount('/sign-out'), costly: true },
  '/update-user': {
    method: 'POST',
    request: signedIn('/update-user', {
      name: 'Maya Okafor',
      firstName: 'Maya',
      lastName: 'Okafor',
      image: 'https://example.com/maya.png',
    }),
  },
  '/update-session': { method: 'POST', request: signedIn('/update-session', {}) },
  '/change-password': {
    method: 'POST',
    request: freshAccount('/change-password', {
      currentPassword: TEST_PASSWORD,
      newPassword: 'a-new-password-1',
      revokeOtherSessions: true,
    }),
    costly: true,
  },
  '/verify-password': { method: 'POST', request: signedIn('/verify-password', { password: TEST_PASSWORD }) },
  '/change-email': { method: 'POST', request: signedIn('/change-email', { newEmail: 'new@example.com' }) },
  '/delete-user': {
    method: 'POST',
    request: freshAccount('/delete-user', { password: TEST_PASSWORD }),
    costly: true,
  },
  '/delete-user/callback': {
    method: 'GET',
    request: signedIn(() => `/delete-user/callback?token=${token()}`),
  },
  '/send-verification-email': {
    method: 'POST',
    request: anonymous('/send-verification-email', (w) => ({
      email: w.account.email,
      callbackURL: '/dashboard',
    })),
  },
  '/verify-email': {
    method: 'GET',
    request: anonymous(() => `/verify-email?token=${token()}&callbackURL=/dashboard`),
  },
  '/request-password-reset': {
    method: 'POST',
    request: anonymous('/request-password-reset', (w) => ({
      email: w.account.email,
      redirectTo: '/dashboard/reset-password',
    })),
  },
  '/reset-password/:token': {
    method: 'GET',
    request: anonymous(() => `/reset-password/${token()}?callbackURL=/dashboard/reset-password`),
  },
  '/reset-password': {
    method: 'POST',
    request: anonymous('/reset-password', () => ({ token: token(), newPassword: 'a-new-password-1' })),
  },
  '/list-sessions': { method: 'GET', request: signedIn('/list-sessions') },
  '/revoke-session': { method: 'POST', request: signedIn('/revoke-session', () => ({ token: token() })) },
  '/revoke-sessions': { method: 'POST', request: freshAccount('/revoke-sessions', {}), costly: true },
  '/revoke-other-sessions': { method: 'POST', request: signedIn('/revoke-other-sessions', {}) },
  '/link-social': {
    method: 'POST',
    request: signedIn('/link-social', { provider: 'google', callbackURL: '/profile' }),
  },
  '/list-accounts': { method: 'GET', request: signedIn('/list-accounts') },
  '/unlink-account': { method: 'POST', request: signedIn('/unlink-account', { providerId: 'google' }) },
  '/refresh-token': { method: 'POST', request: signedIn('/refresh-token', { providerId: 'google' }) },
  '/get-access-token': { method: 'POST', request: signedIn('/get-access-token', { providerId: 'google' }) },
  '/account-info': { method: 'GET', request: signedIn(() => `/account-info?accountId=${token()}`) },
  '/sign-in/magic-link': {
    method: 'POST',
    request: anonymous('/sign-in/magic-link', (w) => ({ email: w.account.email, callbackURL: '/dashboard' })),
  },
  '/magic-link/verify': {
    method: 'GET',
    request: anonymous(() => `/magic-link/verify?token=${token()}&callbackURL=/dashboard`),
  },
  '/email-otp/send-verification-otp': {
    method: 'POST',
    request: anonymous('/email-otp/send-verification-otp', (w) => ({
      email: w.account.email,
      type: 'sign-in',
    })),
  },
  '/email-otp/check-verification-otp': {
    method: 'POST',
    request: anonymous('/email-otp/check-verification-otp', (w) => ({
      email: w.account.email,
      type: 'sign-in',
      otp: '000000',
    })),
  },
  '/email-otp/verify-email': {
    method: 'POST',
    request: anonymous('/email-otp/verify-email', (w) => ({ email: w.account.email, otp: '000000' })),
  },
  '/sign-in/email-otp': {
    method: 'POST',
    request: anonymous('/sign-in/email-otp', (w) => ({ email: w.account.email, otp: '000000' })),
  },
  '/email-otp/request-password-reset': {
    method: 'POST',
    request: anonymous('/email-otp/request-password-reset', (w) => ({ email: w.account.email })),
  },
  '/forget-password/email-otp': {
    method: 'POST',
    request: anonymous('/forget-password/email-otp', (w) => ({ email: w.account.email })),
  },
  '/email-otp/reset-password': {
    method: 'POST',
    request: anonymous('/email-otp/reset-password', (w) => ({
      email: w.account.email,
      otp: '000000',
      password: 'a-new-password-1',
    })),
  },
  '/email-otp/request-email-change': {
    method: 'POST',
    request: signedIn('/email-otp/request-email-change', { newEmail: 'new@example.com' }),
  },
  '/email-otp/change-email': {
    method: 'POST',
    request: signedIn('/email-otp/change-email', { newEmail: 'new@example.com', otp: '000000' }),
  },
  // The OAuth provider's endpoints an assistant and our consent page use (the others answer 404).
  '/oauth2/register': {
    method: 'POST',
    request: anonymous('/oauth2/register', {
      client_name: 'Fuzzed Assistant',
      redirect_uris: ['http://127.0.0.1:43117/oauth/callback'],
      token_endpoint_auth_method: 'none',
    }),
  },
  '/oauth2/authorize': {
    method: 'GET',
    request: signedIn(
      () =>
        `/oauth2/authorize?response_type=code&client_id=${token()}&redirect_uri=${encodeURIComponent('http://127.0.0.1:43117/oauth/callback')}&code_challenge=${token()}&code_challenge_method=S256&scope=read&state=${token()}`,
    ),
  },
  '/oauth2/consent': {
    method: 'POST',
    request: signedIn('/oauth2/consent', () => ({
      accept: true,
      oauth_query: `client_id=${token()}&sig=${token()}`,
    })),
  },
  '/oauth2/token': {
    method: 'POST',
    request: anonymous('/oauth2/token', () => ({
      grant_type: 'authorization_code',
      code: token(),
      client_id: token(),
      code_verifier: token(),
      redirect_uri: 'http://127.0.0.1:43117/oauth/callback',
    })),
  },
  '/oauth2/revoke': {
    method: 'POST',
    request: anonymous('/oauth2/revoke', () => ({ token: token(), client_id: token() })),
  },
  '/oauth2/public-client': {
    method: 'GET',
    request: signedIn(() => `/oauth2/public-client?client_id=${token()}`),
  },
  '/ok': { method: 'GET', request: anonymous('/ok') },
  '/error': { method: 'GET', request: anonymous(() => `/error?error=${token()}`) },
};
