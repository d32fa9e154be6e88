import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

/** The details of a linked video, to fill the form (YouTube's, or a message to type them). */
export async function lookupVideo(url: string) {
  return unwrap(await api.admin.suggestions.lookup.$get({ query: { url } }));
}

export function useLookupVideo() {
  return useMutation({ mutationFn: lookupVideo });
}
