/**
 * An assistant connected to a running app over MCP, as a real one connects: the SDK's OAuth flow
 * (discovery, registration, PKCE, token) with the signed-in user consenting in between.
 */
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const REDIRECT_URL = 'http://127.0.0.1:43117/oauth/callback';

function memoryProvider() {
  const state = {};
  return {
    state,
    redirectUrl: REDIRECT_URL,
    clientMetadata: {
      client_name: 'Bench Assistant',
      redirect_uris: [REDIRECT_URL],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: 'read',
    },
    clientInformation: () => state.client,
    saveClientInformation: (client) => {
      state.client = client;
    },
    tokens: () => state.tokens,
    saveTokens: (tokens) => {
      state.tokens = tokens;
    },
    redirectToAuthorization: (url) => {
      state.authorizationUrl = url;
    },
    saveCodeVerifier: (verifier) => {
      state.verifier = verifier;
    },
    codeVerifier: () => state.verifier,
  };
}

/** The user (signed in with `cookie`) allows the assistant; answers a connected MCP client. */
export async function connectAssistant(baseURL, cookie) {
  const provider = memoryProvider();
  const serverUrl = new URL('/mcp', baseURL);
  await auth(provider, { serverUrl, scope: 'read' });
  const authorize = await fetch(provider.state.authorizationUrl, { headers: { cookie }, redirect: 'manual' });
  const consentPage = new URL(authorize.headers.get('location'), baseURL);
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
