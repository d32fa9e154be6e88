import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { GuardedLayout } from './layouts/guarded-layout';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './routes/route-error';

/** Each screen is its own chunk, loaded when first visited. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const router = createBrowserRouter([
  {
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      { path: paths.home.path, ...page(() => import('./routes/landing')) },
      { path: paths.auth.path, ...page(() => import('./routes/auth')) },
      { path: paths.waitlist.path, ...page(() => import('./routes/waitlist')) },
      { path: paths.resetPassword.path, ...page(() => import('./routes/reset-password')) },
      { path: paths.suggestionsUnsubscribe.path, ...page(() => import('./routes/suggestions-unsubscribe')) },
      { path: paths.planUnsubscribe.path, ...page(() => import('./routes/plan-unsubscribe')) },
      { path: paths.planOutcome.path, ...page(() => import('./routes/plan-outcome')) },
      { path: paths.weeklyMailUnsubscribe.path, ...page(() => import('./routes/weekly-mail-unsubscribe')) },
      { path: paths.shared.path, ...page(() => import('./routes/shared')) },
      {
        Component: GuardedLayout,
        children: [
          { path: paths.dashboard.path, ...page(() => import('./routes/dashboard')) },
          { path: paths.completeProfile.path, ...page(() => import('./routes/complete-profile')) },
          { path: paths.onboarding.path, ...page(() => import('./routes/onboarding')) },
          { path: paths.profile.path, ...page(() => import('./routes/profile')) },
          { path: paths.savedChats.path, ...page(() => import('./routes/saved-chats')) },
          { path: paths.plan.path, ...page(() => import('./routes/plan')) },
          { path: paths.memory.path, ...page(() => import('./routes/memory')) },
          { path: paths.consult.path, ...page(() => import('./routes/consult')) },
          { path: paths.chat.path, ...page(() => import('./routes/chat')) },
          { path: paths.admin.path, ...page(() => import('./routes/admin')) },
          { path: paths.userDetail.path, ...page(() => import('./routes/user-detail')) },
          { path: paths.adminAssistant.path, ...page(() => import('./routes/admin-assistant')) },
          { path: paths.testCheckout.path, ...page(() => import('./routes/test-checkout')) },
          { path: paths.adminAudit.path, ...page(() => import('./routes/admin-audit')) },
          { path: paths.suggestions.path, ...page(() => import('./routes/suggestions')) },
          { path: paths.extension.path, ...page(() => import('./routes/extension')) },
          { path: paths.oauthConsent.path, ...page(() => import('./routes/oauth-consent')) },
          { path: paths.adminSuggestions.path, ...page(() => import('./routes/admin-suggestions')) },
        ],
      },
      { path: '*', ...page(() => import('./routes/not-found')) },
    ],
  },
]);
