import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { SavedChats } from '../../features/chats/components/saved-chats';
import { AskLibrary } from '../../features/library/components/ask-library';
import { paths } from '../../lib/paths';
import type { FocusSearchState } from '../../lib/shortcuts';

export default function SavedChatsRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const focusSearch = (useLocation().state as FocusSearchState | null)?.focusSearch === true;
  const query = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  return (
    <Page title="Saved Chats" description="Search and reopen your past consultations." width="narrow">
      <div className="mb-6">
        <AskLibrary onOpened={(chatId) => navigate(paths.chat.href(chatId))} />
      </div>
      <SavedChats
        key={query}
        query={query}
        page={page}
        focusSearch={focusSearch}
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
