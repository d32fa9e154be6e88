import { AppLink } from '../../../lib/link';
import { paths } from '../../../lib/paths';

export interface LandingPageProps {
  /** Signed in and the session is read: the calls to action lead to the dashboard. */
  showDashboard: boolean;
  demoVideoUrl: string | null;
}

export function LandingPage({ showDashboard }: LandingPageProps) {
  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-16">
      <h1 className="text-4xl font-bold">Vidvisor</h1>
      <AppLink to={showDashboard ? paths.dashboard.href() : paths.auth.href()}>
        {showDashboard ? 'Dashboard' : 'Try Free'}
      </AppLink>
    </main>
  );
}
