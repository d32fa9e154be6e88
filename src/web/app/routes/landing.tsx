import { LandingPage } from '../../features/landing/components/landing-page';
import { useMe } from '../../features/session/api/get-me';
import { useSiteConfig } from '../../features/site/api/get-site-config';

/** `/` reached by navigation inside the app (the first load is the prerendered landing entry). */
export default function LandingRoute() {
  const me = useMe();
  const config = useSiteConfig();
  return <LandingPage showDashboard={Boolean(me.data)} demoVideoUrl={config.data?.demoVideoUrl ?? null} />;
}
