import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export async function fetchLatestReplies() {
  return unwrap(await api.support.replies.latest.$get());
}

export const getLatestRepliesQueryOptions = () =>
  queryOptions({ queryKey: ['support', 'replies', 'latest'], queryFn: fetchLatestReplies });

/** The support team's newest replies across all the user's tickets; `poll` refreshes them while a panel is open. */
export function useLatestReplies({ poll = false } = {}) {
  return useQuery({ ...getLatestRepliesQueryOptions(), refetchInterval: poll ? 30_000 : false });
}
