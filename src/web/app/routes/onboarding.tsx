import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { SUBSCRIPTION_UPDATED_MESSAGE } from '../../../shared/billing';
import { Page } from '../../components/layout/page';
import { Spinner } from '../../components/ui/spinner';
import { useCheckoutReturn } from '../../features/billing/api/verify-checkout';
import { ChoosePlan } from '../../features/billing/components/choose-plan';
import { getMeQueryOptions } from '../../features/session/api/get-me';
import { paths } from '../../lib/paths';

/** Choose Your Plan; also where a subscription checkout returns (`session_id`). */
export default function OnboardingRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sessionId = params.get('session_id');
  const refreshMe = () => queryClient.invalidateQueries(getMeQueryOptions());

  useCheckoutReturn(sessionId, async (outcome, error) => {
    if (outcome === 'complete') {
      await refreshMe();
      toast.success(SUBSCRIPTION_UPDATED_MESSAGE, { id: SUBSCRIPTION_UPDATED_MESSAGE });
      navigate(paths.dashboard.href(), { replace: true });
      return;
    }
    toast.error(
      outcome === 'failed' ? (error?.message ?? 'An error occurred') : 'Your checkout was not completed.',
    );
    setParams({}, { replace: true });
  });

  if (sessionId) {
    return (
      <Page width="narrow">
        <div className="flex flex-col items-center gap-4 py-16 text-center text-muted-foreground">
          <Spinner className="text-primary" label="Confirming your subscription" />
          <p>Confirming your subscription...</p>
        </div>
      </Page>
    );
  }
  return (
    <Page
      title="Choose Your Plan"
      description="Start free, or pick the plan that fits how many videos you learn from."
      width="wide"
    >
      <ChoosePlan
        onChosen={async (outcome) => {
          await refreshMe();
          navigate(outcome === 'free' ? paths.dashboard.href() : paths.profile.href('subscription'));
        }}
      />
    </Page>
  );
}
