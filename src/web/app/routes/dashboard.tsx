import { Page } from '../../components/layout/page';

export default function DashboardRoute() {
  return <Page title="Dashboard" />;
}
