import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type SiteConfig = InferResponseType<typeof api.config.$get, 200>;

/** Public settings; apart from its hook (get-site-config.ts) so the landing page can load it alone. */
export async function fetchSiteConfig(): Promise<SiteConfig> {
  return unwrap(await api.config.$get());
}
