import { LayoutDashboard, Library, ListChecks, Menu, Sparkles } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { AppLink as Link } from '../../lib/link';
import { paths } from '../../lib/paths';
import { Button } from '../ui/button';
import { Logo } from './logo';

// The menu (Radix, floating-ui) loads only for signed-in users, keeping it off the landing page's first load.
const AccountMenu = lazy(() => import('./account-menu'));

export interface HeaderSession {
  name: string;
  email: string;
  isSuperAdmin: boolean;
  /** Passed the onboarding gates (subscribed, free plan or staff). */
  subscribed: boolean;
}

/** The spec's header: logo, dashboard, Saved Chats and My Plan links when subscribed, the account menu, or Try free. */
export function SiteHeader({
  session,
  loading,
  pathname,
  onSignOut,
}: {
  session: HeaderSession | null;
  loading: boolean;
  pathname: string;
  onSignOut: () => void;
}) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link
          to={session?.subscribed ? paths.dashboard.href() : paths.home.href()}
          className="flex items-center gap-2 font-semibold"
          aria-label="Vidvisor home"
        >
          <Logo />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-2">
          {loading ? null : session ? (
            <>
              {session.subscribed ? (
                <>
                  <Button asChild variant="ghost" className="hidden sm:inline-flex">
                    <Link to={paths.dashboard.href()}>
                      <LayoutDashboard /> Dashboard
                    </Link>
                  </Button>
                  <Button asChild variant="ghost" className="hidden lg:inline-flex">
                    <Link to={paths.savedChats.href()}>
                      <Library /> Saved Chats
                    </Link>
                  </Button>
                  <Button asChild variant="ghost" className="hidden lg:inline-flex">
                    <Link to={paths.plan.href()}>
                      <ListChecks /> My Plan
                    </Link>
                  </Button>
                  <Button asChild variant="ghost" className="hidden sm:inline-flex">
                    <Link to={paths.suggestions.href()}>
                      <Sparkles /> Suggestions
                    </Link>
                  </Button>
                </>
              ) : null}
              <Suspense fallback={<MenuButtonPlaceholder name={session.name} />}>
                <AccountMenu session={session} pathname={pathname} onSignOut={onSignOut} />
              </Suspense>
            </>
          ) : (
            <Button asChild>
              <Link to={paths.auth.href()}>Try free</Link>
            </Button>
          )}
        </nav>
      </div>
    </header>
  );
}

export function MenuButtonPlaceholder({ name }: { name: string }) {
  return (
    <Button variant="outline" aria-label="Account menu" disabled>
      <Menu />
      <span className="hidden max-w-40 truncate sm:inline">{name}</span>
    </Button>
  );
}
