import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built React app: hashed assets cached for a year, everything else revalidated, and
 * index.html for every other path so the client router can take it (history fallback).
 */
export function webAppRoutes(webRoot: string) {
  const root = path.relative(process.cwd(), webRoot) || '.';
  const indexPath = path.join(webRoot, 'index.html');
  const landingPath = path.join(webRoot, 'landing.html');
  const app = new Hono();
  app.use('*', compress());
  app.use('/assets/*', serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', IMMUTABLE) }));
  app.get('/assets/*', (c) => c.text('Not found', 404));
  let landingHtml: string | undefined;
  app.get('/', async (c, next) => {
    landingHtml ??= existsSync(landingPath) ? readFileSync(landingPath, 'utf8') : undefined;
    if (!landingHtml) return next();
    c.header('Cache-Control', 'no-cache');
    return c.html(landingHtml);
  });
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (filePath, c) =>
        c.header('Cache-Control', filePath.endsWith('.html') ? 'no-cache' : 'public, max-age=3600'),
    }),
  );
  let indexHtml: string | undefined;
  app.get('*', (c) => {
    indexHtml ??= existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
    if (!indexHtml) return c.text('The web app is not built. Run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
  return app;
}
