import { Page } from '../../components/layout/page';

export default function WaitlistRoute() {
  return <Page title="Join the Waitlist" />;
}
