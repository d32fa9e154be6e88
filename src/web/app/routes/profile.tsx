import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PAYMENT_UPDATE_MESSAGES } from '../../../shared/billing';
import { Page } from '../../components/layout/page';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import {
  ACCOUNT_TAB_LABELS,
  type AccountTab,
  initialAccountTab,
  visibleAccountTabs,
} from '../../features/account/account-tabs';
import { AccountSettingsCard } from '../../features/account/components/account-settings-card';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { DeleteAccountCard } from '../../features/account/components/delete-account-card';
import { AffiliateTab } from '../../features/affiliate/components/affiliate-tab';
import { useBillingLiveUpdates } from '../../features/billing/api/use-billing-live-updates';
import { useCheckoutReturn } from '../../features/billing/api/verify-checkout';
import { PaymentMethodPanel } from '../../features/billing/components/payment-method-panel';
import { SubscriptionPanel } from '../../features/billing/components/subscription-panel';
import { DataExportCard } from '../../features/data-export/components/data-export-card';
import { ConnectedAssistantsCard } from '../../features/mcp/components/connected-assistants-card';
import { CheckInSetting } from '../../features/plan/components/check-in-setting';
import { useProfile } from '../../features/profile/api/get-profile';
import { ProfileWizard } from '../../features/profile/components/profile-wizard';
import { getMeQueryOptions, type Me, useMe } from '../../features/session/api/get-me';
import { signOut } from '../../features/session/api/sign-out';
import { WeeklyEmailSetting } from '../../features/suggestions/components/weekly-email-setting';
import { SupportTab } from '../../features/support/components/support-tab';
import { UsageHistoryPanel } from '../../features/usage/components/usage-history-panel';
import { paths } from '../../lib/paths';

const PROFILE_UPDATED_MESSAGE = 'Profile updated successfully!';

/** The account screen: the spec's tabs with their visibility rules. */
export default function ProfileRoute() {
  const me = useMe();
  if (!me.data) return <PageSpinner />;
  return <AccountScreen me={me.data} />;
}

function AccountScreen({ me }: { me: Me }) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [closing, setClosing] = useState(false);
  const visible = visibleAccountTabs({ hasPassword: me.hasPassword, hasPlan: me.plan !== null });
  const [chosen, setChosen] = useState<AccountTab>(() => initialAccountTab(visible, params));
  const tab = visible.includes(chosen) ? chosen : 'profile';
  const refreshMe = () => queryClient.invalidateQueries(getMeQueryOptions());

  useBillingLiveUpdates(refreshMe, !closing);
  useCheckoutReturn(params.get('update-payment') === '1' ? params.get('session_id') : null, (outcome) => {
    if (outcome === 'complete') toast.success(PAYMENT_UPDATE_MESSAGES.success);
    else
      toast.error(
        outcome === 'incomplete' ? PAYMENT_UPDATE_MESSAGES.verifyFailed : PAYMENT_UPDATE_MESSAGES.fallback,
      );
    setParams({ tab: 'payment-method' }, { replace: true });
  });

  /** Signs out, then loads `target` afresh: nothing of this account stays in memory or refetches. */
  const signOutTo = (target: string) => async () => {
    setClosing(true);
    await signOut().catch((error) => console.warn('sign-out failed', error));
    window.location.assign(target);
  };
  const deleteAccount = (
    <DeleteAccountCard
      email={me.email}
      hasPassword={me.hasPassword}
      onDeleting={() => setClosing(true)}
      onDeleted={signOutTo(paths.home.href())}
    />
  );

  return (
    <Page title="Account" description={me.email}>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          setChosen(value as AccountTab);
          setParams({ tab: value }, { replace: true });
        }}
      >
        <TabsList aria-label="Account sections">
          {visible.map((item) => (
            <TabsTrigger key={item} value={item}>
              {ACCOUNT_TAB_LABELS[item]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile" className="grid gap-6">
          <ProfileTab
            onSaved={async () => {
              toast.success(PROFILE_UPDATED_MESSAGE);
              await refreshMe();
              navigate(paths.dashboard.href());
            }}
          />
          <AccountSettingsCard />
          <Card>
            <CardHeader>
              <CardTitle>What Vidvisor knows</CardTitle>
              <CardDescription>
                The facts, decisions and outcomes Vidvisor remembers about your business and uses in its
                answers.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Link to={paths.memory.href()} className="font-medium underline">
                See and edit what Vidvisor knows
              </Link>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>E-mails</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-6">
              <WeeklyEmailSetting />
              <CheckInSetting />
            </CardContent>
          </Card>
          <ConnectedAssistantsCard />
          <DataExportCard />
          {deleteAccount}
        </TabsContent>
        {me.hasPassword ? (
          <TabsContent value="change-password">
            <ChangePasswordForm onSignOut={signOutTo(paths.auth.href())} />
          </TabsContent>
        ) : null}
        <TabsContent value="usage">
          <UsageHistoryPanel />
        </TabsContent>
        <TabsContent value="subscription" className="grid gap-6">
          <SubscriptionPanel onChanged={refreshMe} />
          {deleteAccount}
        </TabsContent>
        <TabsContent value="payment-method">
          <PaymentMethodPanel />
        </TabsContent>
        <TabsContent value="support">
          <SupportTab />
        </TabsContent>
        <TabsContent value="affiliate">
          <AffiliateTab />
        </TabsContent>
      </Tabs>
    </Page>
  );
}

function ProfileTab({ onSaved }: { onSaved: () => void }) {
  const profile = useProfile();
  if (profile.isPending) return <PageSpinner />;
  if (profile.isError)
    return <Alert tone="danger">We could not load your profile. Please reload the page.</Alert>;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Business Profile</CardTitle>
        <CardDescription>What the consultant knows about your business.</CardDescription>
      </CardHeader>
      <CardContent>
        {/* "Answer in" is also changed in Settings: the wizard starts again from the saved language. */}
        <ProfileWizard
          key={profile.data.answerLanguage}
          profile={profile.data}
          submitLabel="Update Profile"
          onSaved={onSaved}
        />
      </CardContent>
    </Card>
  );
}
