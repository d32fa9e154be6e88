import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { CreateShareLinkInput } from '../../../../shared/schemas/share';
import { api, unwrap } from '../../../lib/api-client';

const links = api.chats[':chatId']['share-links'];

export type ShareLink = InferResponseType<typeof links.$get, 200>['links'][number];

export async function fetchShareLinks(chatId: string): Promise<ShareLink[]> {
  return (await unwrap(await links.$get({ param: { chatId } }))).links;
}

export const getShareLinksQueryOptions = (chatId: string) =>
  queryOptions({ queryKey: ['chat', chatId, 'share-links'], queryFn: () => fetchShareLinks(chatId) });

export function useShareLinks(chatId: string, enabled: boolean) {
  return useQuery({ ...getShareLinksQueryOptions(chatId), enabled });
}

export async function createShareLink(chatId: string, input: CreateShareLinkInput): Promise<ShareLink> {
  return (await unwrap(await links.$post({ param: { chatId }, json: input }))).link;
}

export async function revokeShareLink(chatId: string, linkId: string) {
  return unwrap(await links[':linkId'].$delete({ param: { chatId, linkId } }));
}

export function useCreateShareLink(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateShareLinkInput) => createShareLink(chatId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getShareLinksQueryOptions(chatId).queryKey }),
  });
}

export function useRevokeShareLink(chatId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => revokeShareLink(chatId, linkId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: getShareLinksQueryOptions(chatId).queryKey }),
  });
}
