import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type Profile = InferResponseType<typeof api.profile.$get, 200>;

export async function fetchProfile(): Promise<Profile> {
  return unwrap(await api.profile.$get());
}

export const getProfileQueryOptions = () => queryOptions({ queryKey: ['profile'], queryFn: fetchProfile });

export function useProfile() {
  return useQuery(getProfileQueryOptions());
}
