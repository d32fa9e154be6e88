import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { Intake } from '../../features/consult/components/intake';
import { paths } from '../../lib/paths';

export default function ConsultRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Page
      title="Smart Business Assistant"
      description="Turn content into actionable strategies for your business growth"
      width="narrow"
    >
      <Intake
        initialUrl={params.get('url') ?? ''}
        onCreated={(chatId) => navigate(paths.chat.href(chatId))}
      />
    </Page>
  );
}
