import { Page } from '../../components/layout/page';

export default function AuthRoute() {
  return <Page title="Sign in" />;
}
