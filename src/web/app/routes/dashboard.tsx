import { Page } from '../../components/layout/page';
import { RecentChats } from '../../features/chats/components/recent-chats';
import { SuggestionsCard } from '../../features/suggestions/components/suggestions-card';
import { UsageHistoryPanel } from '../../features/usage/components/usage-history-panel';

export default function DashboardRoute() {
  return (
    <Page title="Dashboard">
      <div className="grid gap-6">
        <RecentChats />
        <SuggestionsCard />
        <UsageHistoryPanel />
      </div>
    </Page>
  );
}
