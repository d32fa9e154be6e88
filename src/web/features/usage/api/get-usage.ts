import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type UsageSummary = InferResponseType<typeof api.usage.$get, 200>;

export async function fetchUsage(): Promise<UsageSummary> {
  return unwrap(await api.usage.$get());
}

export const getUsageQueryOptions = () => queryOptions({ queryKey: ['usage'], queryFn: fetchUsage });

export function useUsage() {
  return useQuery(getUsageQueryOptions());
}
