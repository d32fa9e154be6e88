import { Page } from '../../components/layout/page';
import { RecentChats } from '../../features/chats/components/recent-chats';

export default function DashboardRoute() {
  return (
    <Page title="Dashboard">
      <RecentChats />
    </Page>
  );
}
