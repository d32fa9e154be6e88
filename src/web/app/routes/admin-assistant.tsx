import { Page } from '../../components/layout/page';
import { AssistantForm } from '../../features/assistant/components/assistant-form';

export default function AdminAssistantRoute() {
  return (
    <Page
      title="AI Assistant"
      description="The instructions and model every consultation uses."
      width="narrow"
    >
      <AssistantForm />
    </Page>
  );
}
