import { Page } from '../../components/layout/page';

export default function SavedChatsRoute() {
  return <Page title="Saved Chats" />;
}
