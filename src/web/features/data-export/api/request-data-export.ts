import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { getDataExportQueryOptions } from './get-data-export';

export async function requestDataExport() {
  return unwrap(await api['data-export'].$post());
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (body) => queryClient.setQueryData(getDataExportQueryOptions().queryKey, body),
  });
}
