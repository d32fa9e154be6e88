import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { PLAN_KEY } from './keys';

export async function fetchCheckIn() {
  return unwrap(await api.plan['check-in'].$get());
}

export const getCheckInQueryOptions = () =>
  queryOptions({ queryKey: [...PLAN_KEY, 'check-in'], queryFn: fetchCheckIn });

export function useCheckIn() {
  return useQuery(getCheckInQueryOptions());
}

export async function setCheckIn(enabled: boolean) {
  return unwrap(await api.plan['check-in'].$put({ json: { enabled } }));
}

/** The weekly check-in e-mail opt-in (on /plan and in /profile). */
export function useSetCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setCheckIn,
    onSuccess: (saved) => queryClient.setQueryData(getCheckInQueryOptions().queryKey, saved),
  });
}
