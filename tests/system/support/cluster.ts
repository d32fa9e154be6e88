import { buildAll } from '../../../scripts/build.mjs';
import { buildIsStale } from '../../../scripts/lib/build-state.mjs';
import { freePort, startPostgres } from '../../../scripts/lib/postgres.mjs';
import { type AppServer, startAppServer } from '../../e2e/server';
import { startRoundRobinProxy } from './round-robin-proxy';

/**
 * Several app processes (the production build) on one PostgreSQL behind a round-robin proxy: what a
 * scaled-out deployment looks like, on loopback.
 */
export async function startCluster(processes = 2, env: Record<string, string> = {}) {
  if (buildIsStale()) await buildAll({ quiet: true });
  const postgres = await startPostgres({ log: () => {} });
  const proxyPort = await freePort();
  const publicUrl = `http://localhost:${proxyPort}`;
  const servers: AppServer[] = [];
  try {
    // One at a time: the first migrates, the others find the schema ready.
    for (let i = 0; i < processes; i++) {
      servers.push(
        await startAppServer({
          DATABASE_URL: postgres.url,
          BASE_URL: publicUrl,
          TRUST_PROXY: 'true',
          ...env,
        }),
      );
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.stop()));
    postgres.stop();
    throw error;
  }
  const proxy = await startRoundRobinProxy(
    servers.map((s) => s.baseURL),
    proxyPort,
  );
  return {
    url: proxy.url,
    servers,
    postgres,
    proxy,
    /** Mails any process sent. */
    async waitForMail(to: string, kind: string) {
      for (let i = 0; i < 100; i++) {
        for (const server of servers) {
          const mail = server.mails.filter((m) => m.to === to && m.kind === kind).at(-1);
          if (mail) return mail;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`no ${kind} mail to ${to}`);
    },
    async stop() {
      await proxy.close();
      await Promise.all(servers.map((s) => s.stop()));
      postgres.stop();
    },
  };
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/**
 * A cookie-keeping fetch against one origin, like one browser. `via` sends a request to another
 * address (one process directly, past the proxy) with the same cookies and Origin.
 */
export function browserAt(origin: string) {
  const cookies = new Map<string, string>();
  return async (path: string, init: RequestInit & { json?: unknown; via?: string } = {}) => {
    const headers = new Headers(init.headers);
    if (cookies.size) headers.set('cookie', [...cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    if (init.method && init.method !== 'GET') headers.set('origin', origin);
    const response = await fetch(new URL(path, init.via ?? origin), {
      ...init,
      headers,
      redirect: 'manual',
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1);
      if (value) cookies.set(pair!.slice(0, eq), value);
      else cookies.delete(pair!.slice(0, eq));
    }
    return response;
  };
}
