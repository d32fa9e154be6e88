import { useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AffiliateTab } from '../../features/affiliate/components/affiliate-tab';
import { SupportTab } from '../../features/support/components/support-tab';

// The billing issue adds the Profile, Change Password, Usage, Subscription and Payment Method tabs.
const TABS = ['support', 'affiliate'] as const;
type Tab = (typeof TABS)[number];

export default function ProfileRoute() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'support';
  return (
    <Page title="Account" width="narrow">
      <Tabs value={tab} onValueChange={(next) => setParams({ tab: next }, { replace: true })}>
        <TabsList>
          <TabsTrigger value="support">Support</TabsTrigger>
          <TabsTrigger value="affiliate">Affiliate</TabsTrigger>
        </TabsList>
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
