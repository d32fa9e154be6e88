import { Page } from '../../components/layout/page';

export default function CompleteProfileRoute() {
  return <Page title="Complete Your Profile" />;
}
