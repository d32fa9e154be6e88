import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { SUGGESTIONS_KEY } from './keys';

export async function fetchWeeklyEmail() {
  return unwrap(await api.suggestions.email.$get());
}

export const getWeeklyEmailQueryOptions = () =>
  queryOptions({ queryKey: [...SUGGESTIONS_KEY, 'email'], queryFn: fetchWeeklyEmail });

export function useWeeklyEmail() {
  return useQuery(getWeeklyEmailQueryOptions());
}

export async function setWeeklyEmail(weeklyEmail: boolean) {
  return unwrap(await api.suggestions.email.$put({ json: { weeklyEmail } }));
}

export function useSetWeeklyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setWeeklyEmail,
    onSuccess: (saved) => queryClient.setQueryData(getWeeklyEmailQueryOptions().queryKey, saved),
  });
}
