import { useLocation } from 'react-router';
import { Page } from '../../components/layout/page';
import { ConsentForm } from '../../features/mcp/components/consent-form';

export default function OAuthConsentRoute() {
  const { search } = useLocation();
  return (
    <Page title="Connect an assistant" width="narrow">
      <ConsentForm oauthQuery={search.slice(1)} />
    </Page>
  );
}
