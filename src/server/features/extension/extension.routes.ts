import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../context';
import { EXTENSION_FILE_NAME, extensionPackage } from './extension-package';

/** The "Browser extension" page's download: public, as any browser add-on is. */
export function extensionRoutes(deps: AppDeps, root: string) {
  return new Hono<AppEnv>().get('/extension/package', async (c) => {
    const zip = await extensionPackage(root, deps.config.baseUrl);
    return c.body(new Uint8Array(zip), 200, {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${EXTENSION_FILE_NAME}"`,
    });
  });
}
