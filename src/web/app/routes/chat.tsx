import { Page } from '../../components/layout/page';

export default function ChatRoute() {
  return <Page title="Chat" />;
}
