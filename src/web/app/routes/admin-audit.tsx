import { useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { AuditLog } from '../../features/admin/components/audit-log';

export default function AdminAuditRoute() {
  const [params, setParams] = useSearchParams();
  const filter = {
    actor: params.get('actor') ?? '',
    target: params.get('target') ?? '',
    page: Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1),
  };
  return (
    <Page title="Audit log" description="Every admin action, newest first.">
      <AuditLog
        key={`${filter.actor}|${filter.target}`}
        filter={filter}
        onFilter={(next) => {
          const search = new URLSearchParams();
          if (next.actor) search.set('actor', next.actor);
          if (next.target) search.set('target', next.target);
          if (next.page > 1) search.set('page', String(next.page));
          setParams(search);
        }}
      />
    </Page>
  );
}
