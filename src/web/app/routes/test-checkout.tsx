import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { Alert } from '../../components/ui/alert';
import { TestCheckoutPanel } from '../../features/billing/components/test-checkout';

/** The local billing provider's checkout page (Stripe's hosted page plays this part in production). */
export default function TestCheckoutRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sessionId = params.get('session');
  return (
    <Page title="Checkout" width="wide">
      {sessionId ? (
        <TestCheckoutPanel sessionId={sessionId} onDone={(path) => navigate(path, { replace: true })} />
      ) : (
        <Alert tone="danger">This checkout link is incomplete. Go back and choose your plan again.</Alert>
      )}
    </Page>
  );
}
