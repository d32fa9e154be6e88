/**
 * An assistant connected to a running app over MCP, as a real one connects: the SDK's OAuth flow
 * (discovery, registration, PKCE, token) with the signed-in user consenting in between.
 */
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const REDIRECT_URL = 'http://127.0.0.1:43117/oauth/callback';

function memoryProvider() {
  const saved = {};
  return {
    saved,
    redirectUrl: REDIRECT_URL,
    clientMetadata: {
      client_name: 'Bench Assistant',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'read',
    },
    clientInformation: () => saved.client,
    saveClientInformation: (client) => {
      saved.client = client;
    },
    tokens: () => saved.tokens,
    saveTokens: (tokens) => {
      saved.tokens = tokens;
    },
    redirectToAuthorization: (url) => {
      saved.authorizationUrl = url;
    },
    saveCodeVerifier: (verifier) => {
      saved.verifier = verifier;
    },
    codeVerifier: () => saved.verifier,
  };
}

/** The user (signed in with `cookie`) allows the assistant; answers a connected MCP client. */
export async function connectAssistant(baseURL, cookie) {
  const provider = memoryProvider();
  const serverUrl = new URL('/mcp', baseURL);
  await auth(provider, { serverUrl, scope: 'read' });
  const authorize = await fetch(provider.saved.authorizationUrl, { headers: { cookie }, redirect: 'manual' });
  // Better Auth redirects a browser, and answers a script's request with where it would redirect.
  const next = authorize.headers.get('location') ?? (await authorize.json()).url;
  const consentPage = new URL(next, baseURL);
  const consent = await fetch(new URL('/api/auth/oauth2/consent', baseURL), {
    method: 'POST',
    headers: { cookie, origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify({ accept: true, oauth_query: consentPage.search.slice(1) }),
  });
  const { url } = await consent.json();
  await auth(provider, { serverUrl, authorizationCode: new URL(url).searchParams.get('code') });
  const client = new Client({ name: 'vidvisor-bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(serverUrl, { authProvider: provider }));
  return client;
}
