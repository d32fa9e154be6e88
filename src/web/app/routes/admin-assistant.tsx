import { Page } from '../../components/layout/page';
import { AnswerRatings } from '../../features/assistant/components/answer-ratings';
import { AssistantForm } from '../../features/assistant/components/assistant-form';

export default function AdminAssistantRoute() {
  return (
    <Page
      title="AI Assistant"
      description="The instructions and model every consultation uses, and how users rate its answers."
      width="narrow"
    >
      <div className="grid gap-6">
        <AssistantForm />
        <AnswerRatings />
      </div>
    </Page>
  );
}
