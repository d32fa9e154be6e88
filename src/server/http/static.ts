import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';

/** Sets Cache-Control on the successful responses of what follows, unless a handler chose one. */
const cacheFor =
  (value: string): MiddlewareHandler =>
  async (c, next) => {
    await next();
    if (c.res.status === 200 && !c.res.headers.has('Cache-Control'))
      c.res.headers.set('Cache-Control', value);
  };

/**
 * The built React app: hashed assets cached for a year (served pre-compressed when the build made
 * .br/.gz twins), the prerendered landing page at /, and index.html for every other path so the client
 * router can take it (history fallback).
 */
export function webAppRoutes(webRoot: string) {
  const root = path.relative(process.cwd(), webRoot) || '.';
  const readOnce = (file: string) => {
    let html: string | undefined;
    return () => {
      html ??= existsSync(path.join(webRoot, file))
        ? readFileSync(path.join(webRoot, file), 'utf8')
        : undefined;
      return html;
    };
  };
  const indexHtml = readOnce('index.html');
  const landingHtml = readOnce('landing.html');

  const app = new Hono();
  app.use('*', compress());
  app.use('/assets/*', cacheFor(IMMUTABLE), serveStatic({ root, precompressed: true }));
  app.get('/assets/*', (c) => c.text('Not found', 404));
  app.get('/', async (c, next) => {
    const html = landingHtml();
    if (!html) return next();
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  app.use('*', cacheFor(SHORT), serveStatic({ root, precompressed: true }));
  // A shared conversation is for whoever has its link, never for search engines.
  app.use('/shared/*', async (c, next) => {
    await next();
    c.header('X-Robots-Tag', 'noindex, nofollow');
  });
  app.get('*', (c) => {
    const html = indexHtml();
    if (!html) return c.text('The web app is not built. Run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
  return app;
}
