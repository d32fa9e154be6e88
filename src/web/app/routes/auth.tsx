import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { afterSignIn } from '../../features/auth/api/auth-actions';
import { AuthViews } from '../../features/auth/components/auth-views';
import { getMeQueryOptions, useMe } from '../../features/session/api/get-me';
import { useSiteConfig } from '../../features/site/api/get-site-config';
import {
  AUTH_NOTICE_PARAM,
  AUTH_NOTICES,
  AUTH_VIEWS,
  type AuthNotice,
  type AuthView,
  authViewSearch,
  oauthResumePath,
} from '../../lib/paths';

export default function AuthRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const me = useMe();
  const config = useSiteConfig();
  const requested = params.get('view');
  const view: AuthView = AUTH_VIEWS.includes(requested as AuthView) ? (requested as AuthView) : 'sign_in';
  // Where to go once signed in: the page that sent the user here (same site only), else the dashboard.
  const destination = afterSignIn(params);
  const noticeKey = params.get(AUTH_NOTICE_PARAM);
  const notice =
    noticeKey && Object.hasOwn(AUTH_NOTICES, noticeKey) ? AUTH_NOTICES[noticeKey as AuthNotice] : null;

  if (me.isPending || config.isPending) return <PageSpinner />;
  // Signed in already: the dashboard applies the onboarding gates. (Not while choosing a new password.)
  if (me.data && view !== 'update_password') {
    return oauthResumePath(params) ? <LeaveFor href={destination} /> : <Navigate to={destination} replace />;
  }

  return (
    <main id="main" className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
      <AuthViews
        key={view}
        view={view}
        onViewChange={(next, nextNotice) => setParams(authViewSearch(params, next, nextNotice))}
        notice={notice}
        googleEnabled={config.data?.googleSignIn ?? false}
        token={params.get('token')}
        urlError={params.get('error')}
        onSignedIn={async () => {
          // An assistant's authorization is the server's to resume: one whole-page visit, not a route
          // (reading who is signed in first would render LeaveFor, a second visit).
          if (oauthResumePath(params)) return window.location.assign(destination);
          await queryClient.invalidateQueries(getMeQueryOptions());
          navigate(destination, { replace: true });
        }}
      />
    </main>
  );
}

/** A whole-page visit to a server address (an assistant's authorization resumes on the server). */
function LeaveFor({ href }: { href: string }) {
  useEffect(() => window.location.assign(href), [href]);
  return <PageSpinner />;
}
