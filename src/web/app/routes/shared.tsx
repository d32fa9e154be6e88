import { useNavigate, useParams } from 'react-router';
import { Page } from '../../components/layout/page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { useMe } from '../../features/session/api/get-me';
import { useSharedConversation } from '../../features/share/api/shared-conversation';
import { SharedConversationView } from '../../features/share/components/shared-conversation';
import { isApiError } from '../../lib/api-client';
import { AppLink } from '../../lib/link';
import { paths } from '../../lib/paths';

/** A conversation shared by its link: readable without signing in. */
export default function SharedRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const conversation = useSharedConversation(token);
  const me = useMe();

  if (conversation.isPending) return <PageSpinner />;
  if (conversation.isError) {
    const gone = isApiError(conversation.error) && conversation.error.status === 404;
    return (
      <Page title={gone ? 'Link not found' : 'Could not load this conversation'} width="narrow">
        <meta name="robots" content="noindex, nofollow" />
        <Alert tone={gone ? 'info' : 'danger'} className="grid gap-3">
          <p>
            {gone
              ? 'This link does not exist or was revoked by the person who shared it.'
              : conversation.error.message}
          </p>
          <Button asChild variant="outline" size="sm" className="justify-self-start">
            <AppLink to={paths.home.href()}>Go to the home page</AppLink>
          </Button>
        </Alert>
      </Page>
    );
  }
  return (
    <SharedConversationView
      token={token}
      conversation={conversation.data}
      signedIn={Boolean(me.data)}
      signInHref={paths.auth.href('sign_in', undefined, paths.shared.href(token))}
      onCopied={(chatId) => navigate(paths.chat.href(chatId))}
    />
  );
}
