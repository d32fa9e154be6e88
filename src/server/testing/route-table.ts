import { createApi } from '../app';
import type { AppDeps } from '../context';
import { mcpRoutes } from '../features/mcp/mcp.routes';
import { type RateLimitedAction, rateLimitOf } from '../http/rate-limit';

/** The app's routes as 'METHOD /path' (the route catalogue's keys), each with the limit it counts, if any. */
export function routeTable(deps: AppDeps): Map<string, RateLimitedAction | undefined> {
  const table = new Map<string, RateLimitedAction | undefined>();
  // The API's routes (under /api) and the MCP server's and its discovery documents (at the root).
  for (const route of [...createApi(deps).routes, ...mcpRoutes(deps).routes]) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    table.set(key, table.get(key) ?? rateLimitOf(route.handler));
  }
  return table;
}
