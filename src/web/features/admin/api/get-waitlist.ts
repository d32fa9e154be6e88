import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../lib/api-client';
import { ADMIN_KEY } from './keys';

export async function fetchWaitlist() {
  return unwrap(await api.admin.waitlist.$get());
}

export const getWaitlistQueryOptions = () =>
  queryOptions({ queryKey: [...ADMIN_KEY, 'waitlist'], queryFn: fetchWaitlist });

export function useWaitlist({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getWaitlistQueryOptions(), enabled });
}
