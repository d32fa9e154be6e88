import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import type { AuditKind } from '../../../../shared/schemas/admin';
import { api, unwrap } from '../../../lib/api-client';
import { ADMIN_KEY } from './keys';

export type AuditPage = InferResponseType<typeof api.admin.audit.$get, 200>;
export interface AuditFilter {
  actor: string;
  target: string;
  kind: AuditKind;
  page: number;
}

export async function fetchAudit({ actor, target, kind, page }: AuditFilter): Promise<AuditPage> {
  return unwrap(await api.admin.audit.$get({ query: { actor, target, kind, page: String(page) } }));
}

export const getAuditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: [...ADMIN_KEY, 'audit', filter],
    queryFn: () => fetchAudit(filter),
    placeholderData: keepPreviousData,
  });

export function useAudit(filter: AuditFilter) {
  return useQuery(getAuditQueryOptions(filter));
}
