import { useNavigate } from 'react-router';
import { Page } from '../../components/layout/page';
import { RecentChats } from '../../features/chats/components/recent-chats';
import { ExtensionCard } from '../../features/extension/components/extension-card';
import { AskLibrary } from '../../features/library/components/ask-library';
import { DueThisWeekCard } from '../../features/plan/components/due-this-week-card';
import { SuggestionsCard } from '../../features/suggestions/components/suggestions-card';
import { UsageHistoryPanel } from '../../features/usage/components/usage-history-panel';
import { paths } from '../../lib/paths';

export default function DashboardRoute() {
  const navigate = useNavigate();
  return (
    <Page title="Dashboard">
      <div className="grid gap-6">
        <AskLibrary onOpened={(chatId) => navigate(paths.chat.href(chatId))} />
        <DueThisWeekCard />
        <RecentChats />
        <SuggestionsCard />
        <ExtensionCard />
        <UsageHistoryPanel />
      </div>
    </Page>
  );
}
