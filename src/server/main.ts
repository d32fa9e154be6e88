import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import type { StreamGate } from './adapters/ai';
import { createApp } from './app';
import { ConfigError, loadConfig, loadDotEnv } from './config';
import { createLogger, standardOutput } from './logger';
import { createRuntime } from './runtime';

const LISTEN_BACKLOG = 4096;

/** The built web app sits beside the server bundle: dist/server/main.js → dist/web. */
const WEB_ROOT = process.env.WEB_ROOT ?? fileURLToPath(new URL('../web', import.meta.url));

async function main() {
  loadDotEnv();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL, standardOutput(config.LOG_WRITES));
  const startedAt = performance.now();
  const runtime = await createRuntime(config, logger);

  let ready = true;
  const app = createApp(runtime.deps, { webRoot: path.resolve(WEB_ROOT), isReady: () => ready });
  const server = createAdaptorServer({ fetch: app.fetch });
  // A deep accept queue: a burst of new connections waits for the event loop instead of overflowing
  // Node's default of 511 (the kernel caps it at net.core.somaxconn).
  server.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG }, () => {
    // Background work (the weekly mail, indexing migrated videos, mail retries) runs on the job queue
    // in the database, each job by one process however many run (decision 045), once this one serves.
    runtime.deps.jobs
      .start({ work: true })
      .catch((error) => logger.error({ err: error }, 'the job queue did not start: no background work here'));
    logger.info(
      {
        url: config.baseUrl,
        port: (server.address() as AddressInfo).port,
        database: runtime.deps.database.kind,
        startupMs: Math.round(performance.now() - startedAt),
      },
      `Vidvisor is running: open ${config.baseUrl}${config.BASE_URL ? '' : ' (to open it at another address, set BASE_URL to that address)'}`,
    );
  });

  if ('keepAliveTimeout' in server) {
    // Longer than the idle timeouts of clients and load balancers (60 s is common), so the server is
    // never the side that closes an idle connection just as a client sends on it (ECONNRESET).
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
    // A whole request has as long as its headers to arrive (Node's default is five minutes): a reply's
    // place is taken before its body is read, so a slow upload cannot hold one longer (decision 052).
    server.requestTimeout = server.headersTimeout;
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    ready = false;
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    runtime.beginShutdown();
    const deadline = setTimeout(() => {
      logger.warn('shutdown timeout: closing remaining connections');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    await closed;
    clearTimeout(deadline);
    // Stops taking jobs and waits for those running (the shutdown signal tells them to wrap up).
    await runtime.close();
    logger.info('stopped');
    process.exit(0);
  };
  if (runtime.offlineGate) listenForGateMessages(runtime.offlineGate);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/**
 * The browser journeys' hold on the offline model (OFFLINE_MODEL_TEST_GATE): `{ offlineGate: 'close' }` or
 * `'open'` over the IPC channel of the process that started this one, answered once applied. No HTTP
 * route reaches it.
 */
function listenForGateMessages(gate: StreamGate) {
  if (!process.send || !process.channel) return;
  process.on('message', (message: { offlineGate?: unknown }) => {
    if (message?.offlineGate === 'close') gate.close();
    else if (message?.offlineGate === 'open') gate.open();
    else return;
    process.send?.({ offlineGate: message.offlineGate });
  });
  process.channel.unref();
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
