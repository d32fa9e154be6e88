import { lazy, Suspense, useEffect, useState } from 'react';
import { SiteHeader } from '../components/layout/site-header';
import { LandingPage } from '../features/landing/components/landing-page';
import { fetchMe, type Me } from '../features/session/api/fetch-me';
import { signOut } from '../features/session/api/sign-out';
import { paths } from '../lib/paths';

const LandingSupport = lazy(() => import('./landing-support').then((m) => ({ default: m.LandingSupport })));

/** What the landing entry learned before loading React. */
export interface LandingFacts {
  signedIn: boolean;
  demoVideoUrl: string | null;
  supportWidgetScriptUrl: string | null;
}

/**
 * The landing page with its header, outside the app's router and query cache. The first render is the
 * signed-out page the build prerendered (so hydration matches); the facts are applied after it.
 */
export function LandingShell({ facts }: { facts?: LandingFacts }) {
  const [me, setMe] = useState<Me | null>(null);
  const [demoVideoUrl, setDemoVideoUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!facts) return;
    setDemoVideoUrl(facts.demoVideoUrl);
    if (facts.signedIn) fetchMe().then(setMe, () => setMe(null));
  }, [facts]);
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader
        loading={false}
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
      <LandingPage showDashboard={Boolean(me)} demoVideoUrl={demoVideoUrl} />
      {me ? (
        <Suspense>
          <LandingSupport user={me} scriptUrl={facts?.supportWidgetScriptUrl ?? null} />
        </Suspense>
      ) : null}
    </div>
  );
}
