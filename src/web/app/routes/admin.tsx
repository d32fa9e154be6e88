import { Page } from '../../components/layout/page';

export default function AdminRoute() {
  return <Page title="Users" />;
}
