import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type SiteConfig = InferResponseType<typeof api.config.$get, 200>;

export async function fetchSiteConfig(): Promise<SiteConfig> {
  return unwrap(await api.config.$get());
}

export const getSiteConfigQueryOptions = () =>
  queryOptions({ queryKey: ['site-config'], queryFn: fetchSiteConfig, staleTime: Number.POSITIVE_INFINITY });

export function useSiteConfig() {
  return useQuery(getSiteConfigQueryOptions());
}
