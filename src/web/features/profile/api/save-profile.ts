import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessProfileInput } from '../../../../shared/schemas/profile';
import { api, unwrap } from '../../../lib/api-client';
import { getProfileQueryOptions } from './get-profile';

export async function saveProfile(profile: BusinessProfileInput) {
  return unwrap(await api.profile.$put({ json: profile }));
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: (saved) => queryClient.setQueryData(getProfileQueryOptions().queryKey, saved),
  });
}
