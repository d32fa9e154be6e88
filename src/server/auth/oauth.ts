import { createHash } from 'node:crypto';
import { oauthProvider } from '@better-auth/oauth-provider';
import { MCP_PATH, MCP_SCOPES, OAUTH_CONSENT_PATH } from '../../shared/mcp';

/** The protected resource an assistant's token is bound to (RFC 8707): the MCP endpoint's address. */
export const mcpResourceUrl = (baseUrl: string) => `${baseUrl}${MCP_PATH}`;

/**
 * How Better Auth stores an access or refresh token, and how /mcp finds the row of the token it is
 * shown: tokens are opaque (never self-contained), so a revoked grant is refused at its next request.
 */
export const hashOAuthToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const SCOPES = [MCP_SCOPES.read, MCP_SCOPES.write, 'offline_access'];

/**
 * Better Auth's OAuth 2.1 provider, configured for assistants connecting over MCP (decision 067):
 * dynamic client registration without an account (clients register before anyone signs in), PKCE,
 * consent on our own page, opaque tokens bound to the /mcp resource.
 */
export function oauthPlugin(baseUrl: string) {
  const resource = mcpResourceUrl(baseUrl);
  return oauthProvider({
    loginPage: '/auth',
    consentPage: OAUTH_CONSENT_PATH,
    scopes: SCOPES,
    clientRegistrationDefaultScopes: [MCP_SCOPES.read],
    clientRegistrationAllowedScopes: SCOPES,
    clientRegistrationDefaultResources: [resource],
    allowDynamicClientRegistration: true,
    allowUnauthenticatedClientRegistration: true,
    resources: [{ identifier: resource, name: 'Vidvisor MCP', allowedScopes: SCOPES }],
    disableJwtPlugin: true,
    storeClientSecret: 'encrypted',
    storeTokens: { hash: hashOAuthToken },
    accessTokenExpiresIn: 60 * 60,
    advertisedMetadata: { scopes_supported: SCOPES },
  });
}

/**
 * The OAuth provider's endpoints the app lets through: what an assistant needs (registration, the
 * authorization request, tokens, revoking its own) and what our consent page calls. The rest (client
 * and consent management, introspection, OpenID sessions) answer 404: connected assistants are listed
 * and disconnected through our own account routes.
 */
export const OPEN_OAUTH_PATHS = new Set([
  '/oauth2/authorize',
  '/oauth2/consent',
  '/oauth2/token',
  '/oauth2/register',
  '/oauth2/revoke',
  '/oauth2/public-client',
]);

/** OAuth's token, registration and revocation requests are form-encoded by the standard (RFC 6749). */
export const OAUTH_FORM_PATHS = new Set(['/oauth2/token', '/oauth2/revoke']);

export const isClosedOAuthPath = (authPath: string) =>
  authPath.startsWith('/oauth2/') && !OPEN_OAUTH_PATHS.has(authPath);

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const isLoopbackUri = (value: unknown) => {
  try {
    return typeof value === 'string' && LOOPBACK_HOSTS.has(new URL(value).hostname);
  } catch {
    return false;
  }
};

/**
 * A client that registers only loopback redirect addresses is an app on the user's computer (RFC 8252
 * §7.3): desktop and command-line assistants register so without naming an application type, which
 * Better Auth would read as a web client and refuse. Gives such a registration's body, made native.
 */
export function nativeLoopbackRegistration(ctx: {
  path?: string;
  body?: unknown;
}): Record<string, unknown> | undefined {
  const body = ctx.body as Record<string, unknown> | undefined;
  if (ctx.path !== '/oauth2/register' || !body || body.application_type !== undefined) return;
  const uris = body.redirect_uris;
  if (Array.isArray(uris) && uris.length > 0 && uris.every(isLoopbackUri)) {
    return { ...body, application_type: 'native' };
  }
}
