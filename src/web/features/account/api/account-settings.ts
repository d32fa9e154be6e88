import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountSettingsInput } from '../../../../shared/schemas/account';
import { api, unwrap } from '../../../lib/api-client';

export async function fetchAccountSettings() {
  return unwrap(await api.account.settings.$get());
}

export const getAccountSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['account-settings'], queryFn: fetchAccountSettings });

export function useAccountSettings() {
  return useQuery(getAccountSettingsQueryOptions());
}

export async function saveAccountSettings(changes: AccountSettingsInput) {
  return unwrap(await api.account.settings.$patch({ json: changes }));
}

/** Saves the time zone or the answers' language; every page re-reads, since days and words follow them. */
export function useSaveAccountSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAccountSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(getAccountSettingsQueryOptions().queryKey, saved);
      return queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== 'account-settings',
      });
    },
  });
}
