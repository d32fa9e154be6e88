import { useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { SavedChats } from '../../features/chats/components/saved-chats';

export default function SavedChatsRoute() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return (
    <Page title="Saved Chats" description="Search and reopen your past consultations." width="narrow">
      <SavedChats
        key={query}
        query={query}
        page={page}
        onNavigate={(next) => {
          const search = new URLSearchParams();
          if (next.query) search.set('q', next.query);
          if (next.page > 1) search.set('page', String(next.page));
          setParams(search);
        }}
      />
    </Page>
  );
}
