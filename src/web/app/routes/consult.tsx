import { Page } from '../../components/layout/page';

export default function ConsultRoute() {
  return <Page title="Smart Business Assistant" />;
}
