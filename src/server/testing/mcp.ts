import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { MCP_PATH } from '../../shared/mcp';
import type { TestApp, TestUser } from './test-app';
import { TestClient } from './test-client';

/** Where the test assistant says its user agent comes back to (nothing listens: the code is read from it). */
const REDIRECT_URL = 'http://127.0.0.1:43117/oauth/callback';

/**
 * The fetch an assistant uses, answered by the app itself (`app.request`): the SDK's client speaks
 * real HTTP requests and responses to it, from one client address.
 */
export function mcpFetch(t: TestApp, ip = '127.0.0.1'): FetchLike {
  return async (url, init) => {
    const request = new Request(url, init);
    return t.app.request(request, undefined, { incoming: { socket: { remoteAddress: ip } } });
  };
}

export const mcpUrl = (t: TestApp) => new URL(`${t.deps.config.baseUrl}${MCP_PATH}`);

/** An assistant's OAuth state, kept in memory as an MCP client would keep it. */
export class TestOAuthProvider implements OAuthClientProvider {
  information?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  authorizationUrl?: URL;

  constructor(
    readonly name: string,
    readonly scope: string,
  ) {}

  get redirectUrl() {
    return REDIRECT_URL;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: this.scope,
    };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

/**
 * The user's browser at the authorization request: Better Auth sends the signed-in user to our consent
 * page, where they allow (with the scopes they keep) or deny. Answers where the browser is sent next.
 */
export async function consentInBrowser(
  user: TestUser,
  authorizationUrl: URL,
  decision: { accept: boolean; scope?: string },
): Promise<URL> {
  const authorize = await user.client.get(`${authorizationUrl.pathname}${authorizationUrl.search}`, {
    redirect: 'manual',
  });
  const consentPage = new URL(authorize.headers.get('location') ?? '', authorizationUrl);
  if (authorize.status !== 302 || !consentPage.pathname.startsWith('/oauth/consent')) {
    throw new Error(`authorize: expected the consent page, got ${authorize.status} ${consentPage}`);
  }
  const { url } = await user.client.json<{ url: string }>('/api/auth/oauth2/consent', {
    method: 'POST',
    json: { ...decision, oauth_query: consentPage.search.slice(1) },
  });
  return new URL(url);
}

/**
 * An assistant connected for the user through the whole MCP authorization flow, done by the SDK's own
 * client (discovery, dynamic registration, PKCE, the token request) with the user consenting in between.
 */
export async function connectAssistant(
  t: TestApp,
  user: TestUser,
  {
    name = 'Test Assistant',
    scope = 'read',
    grant = scope,
  }: { name?: string; scope?: string; grant?: string } = {},
) {
  const provider = new TestOAuthProvider(name, scope);
  const fetchFn = mcpFetch(t);
  const serverUrl = mcpUrl(t);
  if ((await auth(provider, { serverUrl, scope, fetchFn })) !== 'REDIRECT')
    throw new Error('expected a redirect');
  const back = await consentInBrowser(user, provider.authorizationUrl!, { accept: true, scope: grant });
  const code = back.searchParams.get('code');
  if (!code) throw new Error(`no code in ${back}`);
  if ((await auth(provider, { serverUrl, authorizationCode: code, fetchFn })) !== 'AUTHORIZED') {
    throw new Error('expected tokens');
  }
  return { provider, client: await mcpClient(t, provider) };
}

/** An MCP client connected with the provider's tokens (or none). */
export async function mcpClient(t: TestApp, provider?: OAuthClientProvider) {
  const client = new Client({ name: 'vidvisor-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(mcpUrl(t), { authProvider: provider, fetch: mcpFetch(t) }),
  );
  return client;
}

/**
 * A TestClient that speaks to /mcp as a connected assistant: the user's bearer token (read and write
 * scopes) and the Accept header of the Streamable HTTP transport, no cookie.
 */
export async function assistantClient(t: TestApp, user: TestUser): Promise<TestClient> {
  const { provider } = await connectAssistant(t, user, { scope: 'read write' });
  const token = provider.saved!.access_token;
  return new TestClient((path, init, bindings) => {
    const headers = new Headers(init.headers);
    headers.set('authorization', `Bearer ${token}`);
    headers.set('accept', 'application/json, text/event-stream');
    return t.app.request(path, { ...init, headers }, bindings);
  }, t.deps.config.baseUrl);
}

const assistantClients = new WeakMap<TestUser, Promise<TestClient>>();

/** The user's assistant client, connected once per user. */
export function assistantClientOf(t: TestApp, user: TestUser): Promise<TestClient> {
  let client = assistantClients.get(user);
  if (!client) {
    client = assistantClient(t, user);
    assistantClients.set(user, client);
  }
  return client;
}

/** A JSON-RPC request an assistant sends: a call of one of the read tools. */
export const listPlanCall = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'list_plan', arguments: {} },
};
