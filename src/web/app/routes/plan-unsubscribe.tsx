import { useSearchParams } from 'react-router';
import { UnsubscribePanel } from '../../components/unsubscribe-panel';
import { useUnsubscribeCheckIn } from '../../features/plan/api/unsubscribe-check-in';
import { paths } from '../../lib/paths';

/** Where the weekly check-in's unsubscribe link lands: no sign-in needed. */
export default function PlanUnsubscribeRoute() {
  const [params] = useSearchParams();
  return (
    <main id="main" className="flex flex-1 items-center justify-center bg-muted/40 px-4 py-10">
      <UnsubscribePanel
        token={params.get('token') ?? ''}
        unsubscribe={useUnsubscribeCheckIn()}
        mailName="the weekly check-in"
        done="Your weekly e-mail will no longer list your plan. You can turn the check-in back on from My Plan at any time."
        back={{ to: paths.plan.href(), label: 'Go to My Plan' }}
      />
    </main>
  );
}
