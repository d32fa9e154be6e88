import { Page } from '../../components/layout/page';

export default function OnboardingRoute() {
  return <Page title="Choose Your Plan" />;
}
