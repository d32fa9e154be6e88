import { Page } from '../../components/layout/page';
import { RecentChats } from '../../features/chats/components/recent-chats';
import { UsageHistoryPanel } from '../../features/usage/components/usage-history-panel';

export default function DashboardRoute() {
  return (
    <Page title="Dashboard">
      <div className="grid gap-6">
        <RecentChats />
        <UsageHistoryPanel />
      </div>
    </Page>
  );
}
