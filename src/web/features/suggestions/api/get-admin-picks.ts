import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';
import { ADMIN_PICKS_KEY } from './keys';

export type AdminPicks = InferResponseType<typeof api.admin.suggestions.$get, 200>;
export type WeeklyPick = AdminPicks['picks'][number];

/** One week's picks for the admin (this week when `week` is undefined). */
export async function fetchAdminPicks(week: string | undefined): Promise<AdminPicks> {
  return unwrap(await api.admin.suggestions.$get({ query: week ? { week } : {} }));
}

export const getAdminPicksQueryOptions = (week: string | undefined) =>
  queryOptions({
    queryKey: [...ADMIN_PICKS_KEY, week ?? 'current'],
    queryFn: () => fetchAdminPicks(week),
    placeholderData: keepPreviousData,
  });

export function useAdminPicks(week: string | undefined) {
  return useQuery(getAdminPicksQueryOptions(week));
}
