import { ArrowRight, LayoutDashboard } from 'lucide-react';
import { buttonVariants } from '../../../components/ui/button';
import { AppLink } from '../../../lib/link';
import { paths } from '../../../lib/paths';

/** The page's call to action: Dashboard for a signed-in user, otherwise Try Free. */
export function CtaLink({ showDashboard }: { showDashboard: boolean }) {
  return showDashboard ? (
    <AppLink to={paths.dashboard.href()} className={buttonVariants({ size: 'lg' })}>
      <LayoutDashboard aria-hidden="true" />
      Dashboard
    </AppLink>
  ) : (
    <AppLink to={paths.auth.href()} className={buttonVariants({ size: 'lg' })}>
      Try Free
      <ArrowRight aria-hidden="true" />
    </AppLink>
  );
}
