import { Navigate, Outlet, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { PageSpinner } from '../../components/ui/spinner';
import { BrowserTimeZone } from '../../features/account/components/browser-time-zone';
import { useMe } from '../../features/session/api/get-me';
import { guardRedirect } from '../guard';

/** The shared layout of every page from /dashboard down: signed-out users go to /auth, gates apply. */
export function GuardedLayout() {
  const { pathname, search } = useLocation();
  const me = useMe();
  if (me.isPending) return <PageSpinner />;
  if (me.isError) {
    return (
      <div className="mx-auto max-w-lg p-6">
        <Alert tone="danger">
          We could not load your account. Check your connection and reload the page.
        </Alert>
      </div>
    );
  }
  const target = guardRedirect(me.data, pathname, search);
  if (target && target !== pathname) return <Navigate to={target} replace />;
  return (
    <>
      <BrowserTimeZone />
      <Outlet />
    </>
  );
}
