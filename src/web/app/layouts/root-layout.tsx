import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { SiteHeader } from '../../components/layout/site-header';
import { useMe } from '../../features/session/api/get-me';
import { useSignOut } from '../../features/session/api/use-sign-out';
import { useSiteConfig } from '../../features/site/api/get-site-config';
import { LinkProvider } from '../../lib/link';
import { paths } from '../../lib/paths';
import { queryClient } from '../../lib/query-client';
import { KeyboardShortcuts } from './keyboard-shortcuts';

// Toasts come from pages that are themselves lazy, so the toaster need not be in the first load.
const Toaster = lazy(() => import('sonner').then((m) => ({ default: m.Toaster })));
const SupportWidget = lazy(() =>
  import('../../features/support/components/support-widget').then((m) => ({ default: m.SupportWidget })),
);

export function RootLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <LinkProvider value={Link}>
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <Shell />
        <Suspense>
          <Toaster position="top-right" duration={5000} richColors closeButton />
        </Suspense>
      </LinkProvider>
    </QueryClientProvider>
  );
}

function Shell() {
  const { pathname } = useLocation();
  const me = useMe();
  const signOut = useSignOut();
  const siteConfig = useSiteConfig();
  const showHeader = pathname !== paths.resetPassword.path;
  const user = me.data;
  return (
    <div className="flex min-h-dvh flex-col">
      {showHeader ? (
        <SiteHeader
          loading={me.isPending}
          pathname={pathname}
          session={
            user
              ? {
                  name: user.name,
                  email: user.email,
                  isSuperAdmin: user.role === 'super_admin',
                  subscribed: user.gate === 'passed',
                }
              : null
          }
          onSignOut={() => signOut.mutate()}
        />
      ) : null}
      <div className="flex flex-1 flex-col">
        <Outlet />
      </div>
      {user ? <KeyboardShortcuts /> : null}
      {user ? (
        <Suspense>
          <SupportWidget
            user={user}
            pathname={pathname}
            scriptUrl={siteConfig.data?.supportWidgetScriptUrl ?? null}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
