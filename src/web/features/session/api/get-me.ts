import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchMe } from './fetch-me';

export type { Me } from './fetch-me';

export const getMeQueryOptions = () =>
  queryOptions({ queryKey: ['me'], queryFn: fetchMe, staleTime: 60_000 });

export function useMe() {
  return useQuery(getMeQueryOptions());
}
