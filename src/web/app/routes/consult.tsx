import { useNavigate } from 'react-router';
import { Page } from '../../components/layout/page';
import { Intake } from '../../features/consult/components/intake';
import { paths } from '../../lib/paths';

export default function ConsultRoute() {
  const navigate = useNavigate();
  return (
    <Page
      title="Smart Business Assistant"
      description="Turn content into actionable strategies for your business growth"
      width="narrow"
    >
      <Intake onCreated={(chatId) => navigate(paths.chat.href(chatId))} />
    </Page>
  );
}
