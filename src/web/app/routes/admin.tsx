import { ScrollText } from 'lucide-react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { JobsDialog } from '../../features/admin/components/jobs-dialog';
import { UsersList } from '../../features/admin/components/users-list';
import { WaitlistDialog } from '../../features/admin/components/waitlist-dialog';
import { AppLink } from '../../lib/link';
import { paths } from '../../lib/paths';

export default function AdminRoute() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const navigate = useCallback(
    (next: { query: string; page: number }) => {
      const search = new URLSearchParams();
      if (next.query) search.set('q', next.query);
      if (next.page > 1) search.set('page', String(next.page));
      setParams(search, { replace: true });
    },
    [setParams],
  );
  return (
    <Page
      title="Users"
      actions={
        <>
          <WaitlistDialog />
          <JobsDialog />
          <Button asChild variant="outline">
            <AppLink to={paths.adminAudit.href()}>
              <ScrollText /> Audit log
            </AppLink>
          </Button>
        </>
      }
    >
      <UsersList query={query} page={page} onNavigate={navigate} />
    </Page>
  );
}
