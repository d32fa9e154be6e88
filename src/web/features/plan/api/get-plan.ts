import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';
import type { PlanFilters } from '../plan-view';
import { PLAN_KEY } from './keys';

export type PlanPage = InferResponseType<typeof api.plan.$get, 200>;
export type PlanItemView = PlanPage['items'][number];

export async function fetchPlan(filters: PlanFilters): Promise<PlanPage> {
  const { status, videoId, due } = filters;
  return unwrap(
    await api.plan.$get({
      query: { ...(status ? { status } : {}), ...(videoId ? { videoId } : {}), ...(due ? { due } : {}) },
    }),
  );
}

// staleTime 0: a filter chosen again, or the page opened again, shows items added meanwhile (from a
// chat, another tab); the previous filter's items stay on screen until the answer comes.
export const getPlanQueryOptions = (filters: PlanFilters = {}) =>
  queryOptions({
    queryKey: [...PLAN_KEY, 'items', filters],
    queryFn: () => fetchPlan(filters),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });

export function usePlan(filters: PlanFilters = {}) {
  return useQuery(getPlanQueryOptions(filters));
}
