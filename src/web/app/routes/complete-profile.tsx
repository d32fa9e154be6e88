import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Page } from '../../components/layout/page';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent } from '../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { PageSpinner } from '../../components/ui/spinner';
import { useProfile } from '../../features/profile/api/get-profile';
import { ProfileWizard } from '../../features/profile/components/profile-wizard';
import { getMeQueryOptions, useMe } from '../../features/session/api/get-me';
import { paths } from '../../lib/paths';

const INTRO = 'Tell us about your business: every answer the consultant gives is grounded in it.';

/**
 * The profile wizard: during onboarding a dialog that cannot be dismissed and leads on to the plan
 * choice; afterwards a full page that leads back to the dashboard.
 */
export default function CompleteProfileRoute() {
  const me = useMe();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [onboarding] = useState(() => me.data?.gate === 'complete-profile');

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) {
    return (
      <Page width="narrow">
        <Alert tone="danger">We could not load your profile. Please reload the page.</Alert>
      </Page>
    );
  }

  const wizard = (
    <ProfileWizard
      profile={profile.data}
      onSaved={async () => {
        await queryClient.invalidateQueries(getMeQueryOptions());
        navigate(onboarding ? paths.onboarding.href() : paths.dashboard.href());
      }}
    />
  );

  if (onboarding) {
    return (
      <main id="main" className="flex-1">
        {/* Dims the page under the header: the header's account menu (sign out) stays usable. */}
        <div aria-hidden="true" className="fixed inset-x-0 top-16 bottom-0 z-30 bg-black/50" />
        {/* Not modal, so the header stays reachable; it cannot be dismissed, only completed. */}
        <Dialog open modal={false}>
          <DialogContent dismissable={false} className="max-w-2xl">
            <DialogHeader>
              <DialogTitle>Complete Your Profile</DialogTitle>
              <DialogDescription>{INTRO}</DialogDescription>
            </DialogHeader>
            {wizard}
          </DialogContent>
        </Dialog>
      </main>
    );
  }
  return (
    <Page title="Complete Your Profile" description={INTRO} width="narrow">
      <Card>
        <CardContent className="pt-5 sm:pt-6">{wizard}</CardContent>
      </Card>
    </Page>
  );
}
