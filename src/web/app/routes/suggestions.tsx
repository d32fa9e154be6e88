import { Page } from '../../components/layout/page';
import { SuggestionsPage } from '../../features/suggestions/components/suggestions-page';

export default function SuggestionsRoute() {
  return (
    <Page
      title="Video Suggestions"
      description="Videos worth a consultation, picked for your business."
      width="wide"
    >
      <SuggestionsPage />
    </Page>
  );
}
