import { Plus } from 'lucide-react';
import { Page } from '../../components/layout/page';
import { Button } from '../../components/ui/button';
import { UsageHistoryPanel } from '../../features/usage/components/usage-history-panel';
import { AppLink } from '../../lib/link';
import { paths } from '../../lib/paths';

export default function DashboardRoute() {
  return (
    <Page
      title="Dashboard"
      actions={
        <Button asChild>
          <AppLink to={paths.consult.href()}>
            <Plus /> New Consultation
          </AppLink>
        </Button>
      }
    >
      <div className="grid gap-6">
        <UsageHistoryPanel />
      </div>
    </Page>
  );
}
