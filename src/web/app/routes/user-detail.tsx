import { Page } from '../../components/layout/page';

export default function UserDetailRoute() {
  return <Page title="Recent Chats" />;
}
