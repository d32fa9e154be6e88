import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { SupportWidget, type WidgetUser } from '../features/support/components/support-widget';
import { paths } from '../lib/paths';
import { queryClient } from '../lib/query-client';

/**
 * The support widget on the landing page for a signed-in visitor, with the query cache and toasts it
 * needs: loaded only then, so the signed-out landing page ships none of it.
 */
export function LandingSupport({ user, scriptUrl }: { user: WidgetUser; scriptUrl: string | null }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SupportWidget user={user} pathname={paths.home.path} scriptUrl={scriptUrl} />
      <Toaster position="top-right" duration={5000} richColors closeButton />
    </QueryClientProvider>
  );
}
