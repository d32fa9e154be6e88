import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { CitationPlayer } from '../../components/chats/citation-player';
import { MemoryCitations } from '../../components/chats/memory-citations';
import { Page } from '../../components/layout/page';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/spinner';
import { FollowChannelButton } from '../../features/channels/components/follow-channel-button';
import { useChatView } from '../../features/chat/api/get-chat';
import { ChatScreen } from '../../features/chat/components/chat-screen';
import { MEMORY_KEY } from '../../features/memory/api/keys';
import { useMemoryResolver } from '../../features/memory/api/use-memory-resolver';
import { RememberedLine } from '../../features/memory/components/remembered-line';
import { UseMemorySwitch } from '../../features/memory/components/use-memory-switch';
import { MakePlanButton } from '../../features/plan/components/make-plan-button';
import { useVideoDock, VideoDock } from '../../features/player/components/video-dock';
import { ShareDialog } from '../../features/share/components/share-dialog';
import { useSiteConfig } from '../../features/site/api/get-site-config';
import { getUsageQueryOptions } from '../../features/usage/api/get-usage';
import { isApiError } from '../../lib/api-client';
import { AppLink } from '../../lib/link';
import { CHAT_DRAFT_PARAM, CHAT_TRANSCRIPT_PARAM, CHAT_VERSION_PARAM, paths } from '../../lib/paths';

export default function ChatRoute() {
  const { chatId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const readOnly = search.get('ia') === '1';
  const version = readOnly ? (search.get(CHAT_VERSION_PARAM) ?? undefined) : undefined;
  const draft = useChatDraft(search, setSearch);
  const transcriptAt = secondsParam(search.get(CHAT_TRANSCRIPT_PARAM));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const view = useChatView(chatId, readOnly, version);
  const dock = useVideoDock(chatId, readOnly, view.data?.sources);
  const siteConfig = useSiteConfig();
  // Staff step through versions in the address: the user's branch on screen is never moved.
  const showVersion = (messageId: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(CHAT_VERSION_PARAM, messageId);
        return next;
      },
      { replace: true },
    );
  const [answeredHere, setAnsweredHere] = useState(false);
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(paths.dashboard.href()));

  if (view.isPending) return <PageSpinner />;
  if (view.isError) {
    // 404: a chat this user may not see; 400: an address that names no chat. Anything else may pass.
    if (isApiError(view.error) && (view.error.status === 404 || view.error.status === 400)) {
      return (
        <Page title="Chat not found" width="narrow">
          <Alert tone="info" className="grid gap-3">
            <p>This chat does not exist, was deleted, or belongs to someone else.</p>
            <Button asChild variant="outline" size="sm" className="justify-self-start">
              <AppLink to={paths.dashboard.href()}>Back to the dashboard</AppLink>
            </Button>
          </Alert>
        </Page>
      );
    }
    return (
      <Page title="Could not load the chat" width="narrow">
        <Alert tone="danger" className="grid gap-3">
          <p>Something went wrong while loading this chat.</p>
          <Button
            variant="outline"
            size="sm"
            className="justify-self-start"
            disabled={view.isFetching}
            onClick={() => void view.refetch()}
          >
            Try again
          </Button>
        </Alert>
      </Page>
    );
  }
  const ownChat = !readOnly && !view.data.readOnly;
  const screen = (
    <ChatScreen
      key={chatId}
      view={view.data}
      adminView={readOnly}
      onBack={back}
      headerActions={
        readOnly || view.data.readOnly ? null : (
          <>
            {view.data.chat.youtubeUrl ? <FollowChannelButton videoUrl={view.data.chat.youtubeUrl} /> : null}
            <ShareDialog chatId={chatId} />
            <UseMemorySwitch
              chatId={chatId}
              useMemory={view.data.chat.useMemory}
              onSaved={() => void view.refetch()}
            />
          </>
        )
      }
      onReplyStored={() => {
        setAnsweredHere(true);
        void queryClient.invalidateQueries({ queryKey: getUsageQueryOptions().queryKey });
        void queryClient.invalidateQueries({ queryKey: MEMORY_KEY });
      }}
      initialDraft={draft}
      transcriptAt={transcriptAt}
      staffVersions={readOnly ? { show: showVersion, pending: view.isPlaceholderData } : undefined}
      answerActions={(answer) => (
        <>
          <MakePlanButton {...answer} />
          {ownChat ? (
            <RememberedOf
              messages={view.data.messages}
              answerId={answer.messageId}
              answeredHere={answeredHere}
            />
          ) : null}
        </>
      )}
    />
  );
  // The player and transcript beside the chat (above it on a phone; after it for the keyboard).
  const withDock = (
    <CitationPlayer.Provider value={dock.playCitation}>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col lg:flex-row lg:items-start">
        {screen}
        <VideoDock
          key={chatId}
          dock={dock}
          scriptUrl={siteConfig.data?.youtubeIframeApiUrl ?? null}
          className="order-first px-4 pt-4 lg:sticky lg:top-20 lg:order-none lg:w-[26rem] lg:shrink-0 lg:py-6 lg:pl-0"
        />
      </div>
    </CitationPlayer.Provider>
  );
  // Staff reading another account's chat never see memories: [M3] stays plain there.
  return ownChat ? <OwnMemories>{withDock}</OwnMemories> : withDock;
}

/** What was remembered of the question an answer replies to (still to come for the last one answered here). */
function RememberedOf({
  messages,
  answerId,
  answeredHere,
}: {
  messages: { id: string; role: string }[];
  answerId: string;
  answeredHere: boolean;
}) {
  const at = messages.findIndex((message) => message.id === answerId);
  const question = at > 0 ? messages[at - 1] : undefined;
  if (question?.role !== 'user') return null;
  return (
    <RememberedLine questionId={question.id} justAnswered={answeredHere && at === messages.length - 1} />
  );
}

/** The user's memories behind the [M3] chips of their answers. */
function OwnMemories({ children }: { children: ReactNode }) {
  return <MemoryCitations.Provider value={useMemoryResolver()}>{children}</MemoryCitations.Provider>;
}

/**
 * The draft the address brings ('Ask about this' on My Plan), kept for the message box and taken out of
 * the address, so a reload after sending does not type it in again.
 */
function useChatDraft(search: URLSearchParams, setSearch: ReturnType<typeof useSearchParams>[1]): string {
  const [draft] = useState(() => search.get(CHAT_DRAFT_PARAM) ?? '');
  useEffect(() => {
    if (!search.has(CHAT_DRAFT_PARAM)) return;
    const rest = new URLSearchParams(search);
    rest.delete(CHAT_DRAFT_PARAM);
    setSearch(rest, { replace: true });
  }, [search, setSearch]);
  return draft;
}

/** A second in the address, or null when it names none. */
function secondsParam(value: string | null): number | null {
  const seconds = value === null ? Number.NaN : Number(value);
  return Number.isInteger(seconds) && seconds >= 0 ? seconds : null;
}
