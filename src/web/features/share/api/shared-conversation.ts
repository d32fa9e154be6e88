import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

const shared = api.shared[':token'];

export type SharedConversation = InferResponseType<typeof shared.$get, 200>;

export async function fetchSharedConversation(token: string): Promise<SharedConversation> {
  return unwrap(await shared.$get({ param: { token } }));
}

export const getSharedConversationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['shared', token],
    queryFn: () => fetchSharedConversation(token),
    retry: false,
  });

export function useSharedConversation(token: string) {
  return useQuery(getSharedConversationQueryOptions(token));
}

export async function saveSharedCopy(token: string): Promise<string> {
  return (await unwrap(await shared.copy.$post({ param: { token } }))).id;
}

export function useSaveSharedCopy(token: string) {
  return useMutation({ mutationFn: () => saveSharedCopy(token) });
}
