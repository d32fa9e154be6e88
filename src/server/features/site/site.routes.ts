import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';

/** What the browser may know of the configuration: which options are on, never a key. */
export function siteRoutes({ config }: AppDeps) {
  const publicConfig = {
    demoVideoUrl: config.DEMO_VIDEO_URL ?? null,
    googleSignIn: Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET),
    supportWidgetScriptUrl: config.SUPPORT_WIDGET_SCRIPT_URL ?? null,
    youtubeIframeApiUrl: config.YOUTUBE_IFRAME_API_URL,
    billingProvider: config.BILLING_PROVIDER,
  };
  return new Hono<AppEnv>().get('/config', (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(publicConfig, 200);
  });
}
