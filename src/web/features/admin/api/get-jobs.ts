import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { ADMIN_KEY } from './keys';

export async function fetchJobs() {
  return unwrap(await api.admin.jobs.$get());
}

export const getJobsQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'jobs'], queryFn: fetchJobs });

export function useJobs({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getJobsQueryOptions(), enabled });
}
