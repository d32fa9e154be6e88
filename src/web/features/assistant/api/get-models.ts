import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';

export async function fetchModels(): Promise<string[]> {
  return (await unwrap(await api.admin.assistant.models.$get())).models;
}

export const getModelsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'assistant', 'models'],
    queryFn: fetchModels,
    retry: false,
    staleTime: 300_000,
  });

/** The provider's models; not asked for while no AI key is set (there is no provider to ask). */
export function useModels(enabled: boolean) {
  return useQuery({ ...getModelsQueryOptions(), enabled });
}
