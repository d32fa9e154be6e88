import { Page } from '../../components/layout/page';
import { PageSpinner } from '../../components/ui/spinner';
import { MemoryPage } from '../../features/memory/components/memory-page';
import { useMe } from '../../features/session/api/get-me';

export default function MemoryRoute() {
  const me = useMe();
  return (
    <Page
      title="What Vidvisor knows"
      description="What Vidvisor remembers about your business from your consultations, your plan and what you tell it here. It uses these in its answers."
    >
      {me.data ? <MemoryPage account={me.data} /> : <PageSpinner />}
    </Page>
  );
}
