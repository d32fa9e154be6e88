import { useEffect, useState } from 'react';
import { SiteHeader } from '../components/layout/site-header';
import { LandingPage } from '../features/landing/components/landing-page';
import { fetchMe, type Me } from '../features/session/api/fetch-me';
import { signOut } from '../features/session/api/sign-out';
import { fetchSiteConfig, type SiteConfig } from '../features/site/api/fetch-site-config';
import { paths } from '../lib/paths';

/**
 * The landing page as its own light entry (no router, no query cache): prerendered at build time,
 * then the session and the demo video are filled in once the page is interactive.
 */
export function LandingShell() {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [config, setConfig] = useState<SiteConfig | null>(null);
  useEffect(() => {
    fetchMe().then(setMe, () => setMe(null));
    fetchSiteConfig().then(setConfig, () => {});
  }, []);
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader
        loading={me === undefined}
        pathname={paths.home.path}
        session={
          me
            ? {
                name: me.name,
                email: me.email,
                isSuperAdmin: me.role === 'super_admin',
                subscribed: me.gate === 'passed',
              }
            : null
        }
        onSignOut={() => {
          signOut().finally(() => window.location.assign(paths.home.href()));
        }}
      />
      <LandingPage showDashboard={Boolean(me)} demoVideoUrl={config?.demoVideoUrl ?? null} />
    </div>
  );
}
