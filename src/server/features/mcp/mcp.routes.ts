import { oauthProviderAuthServerMetadata } from '@better-auth/oauth-provider';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Hono, type MiddlewareHandler } from 'hono';
import { MCP_PATH, MCP_SCOPES } from '../../../shared/mcp';
import { mcpResourceUrl } from '../../auth/oauth';
import type { AppDeps, AppEnv } from '../../context';
import { clientIpMiddleware } from '../../http/client-ip';
import { originCheck } from '../../http/origin-check';
import { rateLimit } from '../../http/rate-limit';
import { grantOfToken, type McpGrant } from './mcp-grants';
import { mcpServer } from './mcp-tools';

const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';
const AUTH_BASE_PATH = '/api/auth';

type McpEnv = AppEnv & { Variables: { grant: McpGrant } };

/**
 * The remote MCP server (Streamable HTTP, stateless: each POST is answered on its own) and the OAuth
 * discovery documents an assistant reads before it connects (decision 067). Mounted at the root of the
 * app, outside /api: an assistant holds a bearer token, never our session cookie.
 */
export function mcpRoutes(deps: AppDeps) {
  const resource = mcpResourceUrl(deps.config.baseUrl);
  const resourceMetadataUrl = `${deps.config.baseUrl}${PROTECTED_RESOURCE_PATH}${MCP_PATH}`;
  const protectedResource = {
    resource,
    authorization_servers: [`${deps.config.baseUrl}${AUTH_BASE_PATH}`],
    scopes_supported: [MCP_SCOPES.read, MCP_SCOPES.write],
    bearer_methods_supported: ['header'],
    resource_name: 'Vidvisor',
  };
  const authServerMetadata = oauthProviderAuthServerMetadata(deps.auth);
  const notAllowed = (c: {
    json: (body: unknown, status: 405, headers: Record<string, string>) => Response;
  }) =>
    c.json(
      {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: send JSON-RPC messages by POST' },
        id: null,
      },
      405,
      { Allow: 'POST' },
    );

  return new Hono<McpEnv>()
    .get(`${PROTECTED_RESOURCE_PATH}${MCP_PATH}`, (c) => c.json(protectedResource, 200))
    .get(PROTECTED_RESOURCE_PATH, (c) => c.json(protectedResource, 200))
    .get(`/.well-known/oauth-authorization-server${AUTH_BASE_PATH}`, (c) => authServerMetadata(c.req.raw))
    .post(
      MCP_PATH,
      clientIpMiddleware(deps.config.TRUST_PROXY),
      originCheck(deps.config, deps.logger),
      bearerGrant(deps, resource, resourceMetadataUrl),
      rateLimit(deps, 'mcp'),
      async (c) => {
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: undefined,
          enableJsonResponse: true,
        });
        await mcpServer(deps, c.get('grant')).connect(transport);
        return transport.handleRequest(c.req.raw);
      },
    )
    .get(MCP_PATH, (c) => notAllowed(c))
    .delete(MCP_PATH, (c) => notAllowed(c));
}

/**
 * 401 with the RFC 9728 challenge (where to read how to get a token) unless the request carries a
 * live access token for this resource; sets the grant, and its user for the rate limit.
 */
function bearerGrant(
  deps: AppDeps,
  resource: string,
  resourceMetadataUrl: string,
): MiddlewareHandler<McpEnv> {
  return async (c, next) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const grant = token ? await grantOfToken(deps.db, resource, token) : null;
    if (!grant) {
      const invalid = token
        ? ', error="invalid_token", error_description="The access token is unknown, expired or revoked"'
        : '';
      return c.json(
        {
          jsonrpc: '2.0',
          error: { code: -32001, message: 'Unauthorized: connect with OAuth first' },
          id: null,
        },
        401,
        { 'WWW-Authenticate': `Bearer resource_metadata="${resourceMetadataUrl}"${invalid}` },
      );
    }
    c.set('grant', grant);
    c.set('user', grant.user);
    await next();
  };
}
