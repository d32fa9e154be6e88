import { useSearchParams } from 'react-router';
import { AUDIT_KINDS } from '../../../shared/schemas/admin';
import { Page } from '../../components/layout/page';
import { AuditLog } from '../../features/admin/components/audit-log';

export default function AdminAuditRoute() {
  const [params, setParams] = useSearchParams();
  const filter = {
    actor: params.get('actor') ?? '',
    target: params.get('target') ?? '',
    kind: AUDIT_KINDS.find((kind) => kind === params.get('kind')) ?? 'all',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
  return (
    <Page title="Audit log" description="Every admin action and read of a user's data, newest first.">
      <AuditLog
        key={`${filter.actor}|${filter.target}|${filter.kind}`}
        filter={filter}
        onFilter={(next) => {
          const search = new URLSearchParams();
          if (next.actor) search.set('actor', next.actor);
          if (next.target) search.set('target', next.target);
          if (next.kind !== 'all') search.set('kind', next.kind);
          if (next.page > 1) search.set('page', String(next.page));
          setParams(search);
        }}
      />
    </Page>
  );
}
