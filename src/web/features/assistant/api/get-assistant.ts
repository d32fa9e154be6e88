import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type AssistantSettings = InferResponseType<typeof api.admin.assistant.$get, 200>;

export async function fetchAssistant(): Promise<AssistantSettings> {
  return unwrap(await api.admin.assistant.$get());
}

export const getAssistantQueryOptions = () =>
  queryOptions({ queryKey: ['admin', 'assistant'], queryFn: fetchAssistant, retry: false });

export function useAssistant() {
  return useQuery(getAssistantQueryOptions());
}
