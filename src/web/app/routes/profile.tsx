import { Page } from '../../components/layout/page';

export default function ProfileRoute() {
  return <Page title="Account" />;
}
