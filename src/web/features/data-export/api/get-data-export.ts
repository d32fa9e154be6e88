import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../../lib/api-client';

export type DataExportState = InferResponseType<(typeof api)['data-export']['$get'], 200>;

/** While an archive is prepared the page asks again this often (the job usually takes seconds). */
const PENDING_POLL_MS = 3000;

export async function fetchDataExport(): Promise<DataExportState> {
  return unwrap(await api['data-export'].$get());
}

export const getDataExportQueryOptions = () =>
  queryOptions({ queryKey: ['data-export'], queryFn: fetchDataExport });

export function useDataExport() {
  return useQuery({
    ...getDataExportQueryOptions(),
    refetchInterval: (query) => (query.state.data?.export?.status === 'pending' ? PENDING_POLL_MS : false),
  });
}
