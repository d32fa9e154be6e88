import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';
import { PLAN_KEY } from './keys';

const calendar = api.plan.calendar;

/** A new private address, shown once: the server keeps only its hash. */
export type CalendarAddress = InferResponseType<typeof calendar.$post, 201>;

export async function fetchCalendarFeed() {
  return unwrap(await calendar.$get());
}

export const getCalendarFeedQueryOptions = () =>
  queryOptions({ queryKey: [...PLAN_KEY, 'calendar'], queryFn: fetchCalendarFeed });

export function useCalendarFeed(enabled: boolean) {
  return useQuery({ ...getCalendarFeedQueryOptions(), enabled });
}

export async function createCalendarAddress(): Promise<CalendarAddress> {
  return unwrap(await calendar.$post());
}

export async function stopCalendarFeed() {
  return unwrap(await calendar.$delete());
}

/** A new address (the first, or a reset: the old one stops at once). */
export function useCreateCalendarAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarAddress,
    onSuccess: (address) =>
      queryClient.setQueryData(getCalendarFeedQueryOptions().queryKey, {
        subscribed: true,
        createdAt: address.createdAt,
      }),
  });
}

export function useStopCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopCalendarFeed,
    onSuccess: () =>
      queryClient.setQueryData(getCalendarFeedQueryOptions().queryKey, {
        subscribed: false,
        createdAt: null,
      }),
  });
}
