import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchSiteConfig } from './fetch-site-config';

export type { SiteConfig } from './fetch-site-config';

export const getSiteConfigQueryOptions = () =>
  queryOptions({ queryKey: ['site-config'], queryFn: fetchSiteConfig, staleTime: Number.POSITIVE_INFINITY });

export function useSiteConfig() {
  return useQuery(getSiteConfigQueryOptions());
}
