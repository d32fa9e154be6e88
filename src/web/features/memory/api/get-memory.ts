import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';
import { MEMORY_KEY } from './keys';

export type MemoryPage = InferResponseType<typeof api.memory.$get, 200>;
export type MemoryItem = MemoryPage['memories'][number];

export async function fetchMemory(): Promise<MemoryPage> {
  return unwrap(await api.memory.$get());
}

export const getMemoryQueryOptions = () =>
  queryOptions({ queryKey: [...MEMORY_KEY, 'page'], queryFn: fetchMemory, staleTime: 0 });

/** What Vidvisor knows; asked again after the ms `refetchInterval` answers for what it has (false: not). */
export function useMemory({
  refetchInterval,
}: {
  refetchInterval?: (page: MemoryPage | undefined) => number | false;
} = {}) {
  const options = getMemoryQueryOptions();
  return useQuery(
    refetchInterval ? { ...options, refetchInterval: (query) => refetchInterval(query.state.data) } : options,
  );
}
