import { Page } from '../../components/layout/page';

export default function AdminAssistantRoute() {
  return <Page title="AI Assistant" />;
}
