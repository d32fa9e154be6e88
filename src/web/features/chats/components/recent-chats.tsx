import { ArrowRight, Plus } from 'lucide-react';
import { ChatList } from '../../../components/chats/chat-list';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { AppLink } from '../../../lib/link';
import { paths } from '../../../lib/paths';
import { useRecentChats } from '../api/get-recent-chats';
import { ChatManager } from './chat-manager';

/**
 * The dashboard's Recent Chats: 'New Consultation' (hidden when the usage limit is exceeded), the rows,
 * and 'View all' to Saved Chats when there are more than it shows.
 */
export function RecentChats() {
  const recent = useRecentChats();
  return (
    <section aria-labelledby="recent-chats-heading" className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="recent-chats-heading" className="text-xl font-semibold">
          Recent Chats
        </h2>
        {recent.data?.canStartConsultation ? (
          <Button asChild>
            <AppLink to={paths.consult.href()}>
              <Plus /> New Consultation
            </AppLink>
          </Button>
        ) : null}
      </div>
      {recent.isPending ? (
        <div className="flex justify-center p-8 text-primary">
          <Spinner label="Loading chats" />
        </div>
      ) : recent.isError ? (
        <Alert tone="danger">Could not load your chats. Reload the page to try again.</Alert>
      ) : (
        <ChatManager>
          {({ rename, remove }) => (
            <ChatList
              chats={recent.data.chats}
              openHref={(id) => paths.chat.href(id)}
              onRename={rename}
              onDelete={remove}
            />
          )}
        </ChatManager>
      )}
      {recent.data?.hasMore ? (
        <Button asChild variant="outline" className="justify-self-center">
          <AppLink to={paths.savedChats.href()}>
            View all <ArrowRight />
          </AppLink>
        </Button>
      ) : null}
    </section>
  );
}
