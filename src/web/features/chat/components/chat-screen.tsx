import { useChat } from '@ai-sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ExternalLink, FileText, Film } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  isOneSourceChat,
  isSourceChange,
  sourceChanges,
  withSourceChanges,
} from '../../../../shared/chat-sources';
import { citationResolver } from '../../../../shared/citations';
import type { ConsultDataParts, ConsultUIMessage } from '../../../../shared/consult-stream';
import { formatTimestamp } from '../../../../shared/timestamps';
import { USAGE_LIMIT_EXCEEDED_MESSAGE } from '../../../../shared/usage';
import { MessageBox } from '../../../components/chats/message-box';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { replyError, textOf } from '../../../lib/reply-stream';
import { stopReply } from '../../../lib/stop-reply';
import { type ChatView, getChatQueryOptions } from '../api/get-chat';
import {
  beforeLiveReply,
  busyRetrySeconds,
  ReplyBusyError,
  replyTransport,
  toUIMessages,
} from '../api/reply-transport';
import { useShowVersion } from '../api/show-version';
import { AnswerRating } from './answer-rating';
import { FollowUps } from './follow-ups';
import { type MessageActions, MessageBubble } from './message-bubble';
import { SourcesPanel } from './sources-panel';

const RESYNC_ATTEMPTS = 20;
const RESYNC_INTERVAL_MS = 500;

/**
 * The consultation: stored messages, the streaming reply, and the input. The server stores every
 * message and reply; after each reply the list is read back from it.
 */
export function ChatScreen({
  view,
  adminView,
  onBack,
  onReplyStored,
  headerActions,
  initialDraft = '',
  transcriptAt = null,
  answerActions,
  staffVersions,
}: {
  view: ChatView;
  /** `?ia=1`: read-only whoever's chat it is (the server also answers read-only for another's chat). */
  adminView: boolean;
  onBack: () => void;
  /** After a reply is stored (tokens were used): lets the page refresh usage. */
  onReplyStored: () => void;
  /** More buttons beside the header's (Share). */
  headerActions?: ReactNode;
  /** Typed into the message box when the screen opens. */
  initialDraft?: string;
  /** The transcript opens at the passage of that second (a plan step's moment). */
  transcriptAt?: number | null;
  /** Controls under each stored, finished answer (composed by the route: another feature's). */
  answerActions?: (answer: { chatId: string; messageId: string }) => ReactNode;
  /**
   * Read-only: the arrows show another version through the page (`show`), never moving the user's
   * branch; `pending` while it loads. The screen shows whichever view it is given.
   */
  staffVersions?: { show: (messageId: string) => void; pending: boolean };
}) {
  const queryClient = useQueryClient();
  const chatId = view.chat.id;
  const [input, setInput] = useState(initialDraft);
  const [progress, setProgress] = useState<{ part: number; of: number } | null>(null);
  const [waitingForOtherTab, setWaitingForOtherTab] = useState(view.firstReplyPending && !view.liveReply);
  /** Said to screen readers when a reply ends (the streamed words are not: they would be read one by one). */
  const [replyEnded, setReplyEnded] = useState('');
  /** When a reply the server was too busy to start is asked for again (Stop cancels it). */
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const busyAttempts = useRef(0);
  const stoppedWhileBusy = useRef(false);
  const { messages, sendMessage, regenerate, setMessages, status, stop } = useChat<ConsultUIMessage>({
    id: chatId,
    messages: toUIMessages(beforeLiveReply(view)),
    transport: replyTransport(chatId, { adminView }),
    // An answer still being written (a reload, another tab) is followed from its first part.
    resume: Boolean(view.liveReply),
    onData: (part) => {
      if (part.type === 'data-progress') setProgress(part.data as ConsultDataParts['progress']);
    },
    onFinish: ({ isAbort, isError }) => {
      setProgress(null);
      if (!isError) busyAttempts.current = 0;
      setReplyEnded(isError ? '' : isAbort ? 'Response stopped' : 'Response complete');
      void resync();
    },
    onError: (error) => {
      setProgress(null);
      const firstReply = !messages.some((m) => m.role === 'assistant');
      if (error instanceof ReplyBusyError) {
        // Nothing was stored: the question goes back to the box, and is asked again after a backoff.
        const seconds = busyRetrySeconds(error.retryAfterSeconds, busyAttempts.current);
        busyAttempts.current += 1;
        if (!stoppedWhileBusy.current) {
          setNow(Date.now());
          setRetryAt(Date.now() + seconds * 1_000);
        }
        void resync({ restoreUnsent: true });
        return;
      }
      const problem = replyError(error);
      if (firstReply && (problem.code === 'first_reply_taken' || problem.code === 'reply_in_progress')) {
        setWaitingForOtherTab(true);
        return;
      }
      // A reply the view said was live whose process went away (decision 071): the chat as saved, no alarm.
      if (problem.code === 'no_live_reply') return void resync();
      if (problem.code !== 'usage_limit_exceeded') toast.error(problem.message);
      void resync({ restoreUnsent: true });
    },
  });

  /** Reads the chat back from the server (the partial of a stopped reply may take a moment to land). */
  const resync = useCallback(
    async ({ restoreUnsent = false } = {}) => {
      const local = messages;
      for (let attempt = 0; attempt < RESYNC_ATTEMPTS; attempt++) {
        const fresh = await queryClient.fetchQuery({
          ...getChatQueryOptions(chatId, adminView),
          staleTime: 0,
        });
        const settled = fresh.messages.at(-1)?.role === 'assistant' || fresh.usageExceeded || restoreUnsent;
        if (settled || attempt === RESYNC_ATTEMPTS - 1) {
          setMessages(toUIMessages(fresh.messages));
          const unsent = local.at(-1);
          if (restoreUnsent && unsent?.role === 'user' && !isStored(unsent, fresh.messages)) {
            setInput((current) => current || textOf(unsent));
          }
          onReplyStored();
          return fresh;
        }
        await new Promise((resolve) => setTimeout(resolve, RESYNC_INTERVAL_MS));
      }
    },
    [chatId, adminView, messages, onReplyStored, queryClient, setMessages],
  );

  const readOnly = adminView || view.readOnly;
  const current = readOnly
    ? view
    : (queryClient.getQueryData(getChatQueryOptions(chatId, false).queryKey) ?? view);
  // A read-only screen follows the view it is given (another version, read by the page).
  useEffect(() => {
    if (readOnly) setMessages(toUIMessages(view.messages));
  }, [readOnly, view.messages, setMessages]);
  const exceeded = current.usageExceeded;
  const busy = status === 'submitted' || status === 'streaming';

  // The automatic first answer: asked for once when the chat has no messages (the server makes sure
  // only one request writes it; another tab waits for it).
  const askedFirstReply = useRef(false);
  useEffect(() => {
    if (readOnly || exceeded || askedFirstReply.current || view.messages.length > 0 || view.firstReplyPending)
      return;
    askedFirstReply.current = true;
    void sendMessage();
  }, [readOnly, exceeded, view.messages.length, view.firstReplyPending, sendMessage]);

  // Another request is writing the first answer (or another reply holds this user's turn): wait for it,
  // and ask again if it ended without an answer.
  useEffect(() => {
    if (!waitingForOtherTab) return;
    const timer = setInterval(async () => {
      const fresh = await queryClient.fetchQuery({ ...getChatQueryOptions(chatId, readOnly), staleTime: 0 });
      if (fresh.messages.length > 0) {
        setMessages(toUIMessages(fresh.messages));
        setWaitingForOtherTab(false);
        setReplyEnded('Response complete');
      } else if (!fresh.firstReplyPending) {
        setWaitingForOtherTab(false);
        if (!readOnly) void sendMessage();
      }
    }, 1_500);
    return () => clearInterval(timer);
  }, [waitingForOtherTab, queryClient, chatId, readOnly, setMessages, sendMessage]);

  // The busy server's countdown, shown each second; then the question in the box (or the automatic first
  // answer of an empty chat) is asked for again.
  const latest = useRef({ input, sendMessage, messages });
  latest.current = { input, sendMessage, messages };
  useEffect(() => {
    if (retryAt === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1_000);
    const retry = setTimeout(() => {
      setRetryAt(null);
      const { input: text, sendMessage: ask, messages: shown } = latest.current;
      if (text.trim()) {
        setInput('');
        void ask({ text: text.trim() });
      } else if (!shown.some((m) => m.role === 'assistant')) {
        void ask();
      }
    }, retryAt - Date.now());
    return () => {
      clearInterval(tick);
      clearTimeout(retry);
    };
  }, [retryAt]);
  const retrying = retryAt !== null;

  const endRef = useRef<HTMLDivElement>(null);
  const lastText = textOf(messages.at(-1) ?? { parts: [] });
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a message arrives or the streamed text grows
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, lastText.length]);

  const citations = useMemo(
    () => citationResolver({ url: current.chat.youtubeUrl, title: current.chat.title }, current.sources),
    [current.chat.youtubeUrl, current.chat.title, current.sources],
  );
  const storedAt = new Map(current.messages.map((message) => [message.id, message.createdAt]));
  const timeline = withSourceChanges(
    messages,
    (message) => storedAt.get(message.id),
    sourceChanges(current.chat.createdAt, current.sources),
  );
  const streamingId = status === 'streaming' ? messages.at(-1)?.id : undefined;
  const last = messages.at(-1);
  const lastAnswer =
    last?.role === 'assistant' && storedAt.has(last.id) && last.metadata?.status === 'complete' ? last : null;
  const waiting = (status === 'submitted' || waitingForOtherTab) && messages.at(-1)?.role !== 'assistant';
  const send = () => {
    const text = input.trim();
    setInput('');
    stoppedWhileBusy.current = false;
    busyAttempts.current = 0;
    void sendMessage({ text });
  };
  const shownVersion = useShowVersion(chatId);
  const versionsOf = new Map(current.messages.map((message) => [message.id, message.versionIds]));
  const canAct = !readOnly && !exceeded && !busy && !waitingForOtherTab;
  // What Regenerate replaces: the assistant messages after the last question (an answer and its apology).
  const regenerated = messages[messages.findLastIndex((message) => message.role === 'user') + 1];
  const controlsFor = (message: ConsultUIMessage): MessageActions => {
    const ids = versionsOf.get(message.id);
    return {
      versions: ids && {
        ids,
        onShow:
          staffVersions?.show ??
          ((messageId) =>
            shownVersion.mutate(messageId, {
              onSuccess: (fresh) => setMessages(toUIMessages(fresh.messages)),
              onError: (error) => toast.error(error.message),
            })),
      },
      busy: busy || shownVersion.isPending || Boolean(staffVersions?.pending),
      onRegenerate:
        canAct && regenerated && message.id === messages.at(-1)?.id && message.role === 'assistant'
          ? () => void regenerate({ messageId: regenerated.id })
          : undefined,
      onEdit:
        canAct && message.role === 'user' && versionsOf.has(message.id)
          ? (text) => void sendMessage({ text, messageId: message.id })
          : undefined,
    };
  };
  // Stop ends the reply on the server, for every tab (leaving the page does not), or the wait for a busy
  // server: a refusal still on its way starts no new wait.
  const onStop = () => {
    stoppedWhileBusy.current = true;
    setRetryAt(null);
    if (!busy) return;
    void stop();
    stopReply(chatId).catch((error: Error) => toast.error(error.message));
  };

  return (
    <main id="main" className="mx-auto flex w-full max-w-4xl flex-1 flex-col px-4 py-4 sm:py-6">
      <ChatHeader view={current} onBack={onBack} actions={headerActions} transcriptAt={transcriptAt} />
      <SourcesPanel chatId={chatId} sources={current.sources} readOnly={readOnly} />
      {current.offlineModel ? (
        <Alert tone="info" className="mb-4">
          Answers come from the built-in offline model until an AI key is configured: it quotes the moments of
          the transcript that best match your question and profile.
        </Alert>
      ) : null}
      <p role="status" className="sr-only">
        {busy || waitingForOtherTab ? 'Generating response...' : replyEnded}
      </p>
      <ol className="grid flex-1 content-start gap-4 pb-4" aria-label="Messages">
        {timeline.map((item) =>
          isSourceChange(item) ? (
            <li key={item.key} className="flex justify-center">
              <p className="flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs text-muted-foreground">
                <Film className="size-3.5" aria-hidden="true" /> {item.change}
              </p>
            </li>
          ) : item.role === 'assistant' && !textOf(item) && item.id === streamingId ? null : (
            <MessageBubble
              key={item.id}
              message={item}
              citations={citations}
              streaming={item.id === streamingId}
              controls={controlsFor(item)}
              actions={
                !readOnly && item.role === 'assistant' && storedAt.has(item.id) ? (
                  <>
                    <AnswerRating answer={{ chatId, messageId: item.id }} rating={current.ratings[item.id]} />
                    {item.metadata?.status === 'complete'
                      ? answerActions?.({ chatId, messageId: item.id })
                      : null}
                  </>
                ) : null
              }
            />
          ),
        )}
        {lastAnswer && !readOnly && !exceeded && status === 'ready' ? (
          <FollowUps
            answer={{ chatId, messageId: lastAnswer.id }}
            onPick={(text) => void sendMessage({ text })}
          />
        ) : null}
        {waiting || (status === 'streaming' && !lastText && messages.at(-1)?.role === 'assistant') ? (
          <li className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" decorative />
            {progress ? `Reading part ${progress.part} of ${progress.of}…` : 'Generating response...'}
          </li>
        ) : null}
      </ol>
      <div ref={endRef} />
      {readOnly ? null : (
        <div className="sticky bottom-0 -mx-4 border-t bg-background/95 px-4 py-3 backdrop-blur">
          {exceeded ? (
            <Alert tone="warning">{USAGE_LIMIT_EXCEEDED_MESSAGE}</Alert>
          ) : (
            <MessageBox
              value={input}
              onChange={setInput}
              onSend={send}
              onStop={onStop}
              busy={busy || waitingForOtherTab || retrying}
              streaming={busy || retrying}
              notice={
                retryAt === null
                  ? null
                  : `Vidvisor is busy right now, trying again in ${Math.max(1, Math.ceil((retryAt - now) / 1_000))} s`
              }
            />
          )}
        </div>
      )}
    </main>
  );
}

/**
 * Whether the server holds this question (sent from this screen, so its id is the browser's own): the
 * newest stored question has its text, as the server stores it (trimmed).
 */
function isStored(question: ConsultUIMessage, stored: ChatView['messages']): boolean {
  const newest = stored.filter((message) => message.role === 'user').at(-1);
  return newest?.content === textOf(question).trim();
}

function ChatHeader({
  view,
  onBack,
  actions,
  transcriptAt,
}: {
  view: ChatView;
  onBack: () => void;
  actions: ReactNode;
  transcriptAt: number | null;
}) {
  const oneSource = isOneSourceChat(view.sources);
  return (
    <header className="mb-4 grid gap-3 border-b pb-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft /> Back
        </Button>
        <div className="flex flex-wrap gap-2">
          {actions}
          {oneSource ? (
            <TranscriptDialog
              transcript={view.chat.transcript}
              segments={view.chat.transcriptSegments}
              openAt={transcriptAt}
            />
          ) : null}
          {oneSource && view.chat.youtubeUrl ? (
            <Button asChild variant="outline" size="sm">
              <a href={view.chat.youtubeUrl} target="_blank" rel="noopener noreferrer">
                <ExternalLink /> Watch Video
              </a>
            </Button>
          ) : null}
        </div>
      </div>
      <h1 className="text-xl font-bold tracking-tight break-words sm:text-2xl">{view.chat.title}</h1>
    </header>
  );
}

/**
 * The chat's transcript. Opened at a second (a plan step's moment of a transcript with no link), it
 * shows the timed lines and brings the passage at that second into view, marked as the current one.
 */
function TranscriptDialog({
  transcript,
  segments,
  openAt,
}: {
  transcript: string;
  segments: ChatView['chat']['transcriptSegments'];
  openAt: number | null;
}) {
  const [open, setOpen] = useState(openAt !== null);
  const atIndex = openAt === null || !segments ? -1 : segments.findLastIndex((line) => line.start <= openAt);
  const scrollIntoView = useCallback(
    (element: HTMLElement | null) => element?.scrollIntoView({ block: 'center' }),
    [],
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <FileText /> Transcript
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Video Transcript</DialogTitle>
        </DialogHeader>
        {segments?.length ? (
          <ol
            className="grid max-h-[60vh] gap-1 overflow-y-auto text-sm leading-relaxed"
            aria-label="Transcript"
          >
            {segments.map((line, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: a transcript's lines never change order
                key={index}
                ref={index === atIndex ? scrollIntoView : undefined}
                aria-current={index === atIndex ? 'true' : undefined}
                className="flex gap-2 rounded px-1 aria-[current=true]:bg-primary/10"
              >
                <span className="shrink-0 font-mono text-xs text-muted-foreground">
                  {formatTimestamp(line.start)}
                </span>
                <span>{line.text}</span>
              </li>
            ))}
          </ol>
        ) : (
          <div className="max-h-[60vh] overflow-y-auto whitespace-pre-wrap text-sm leading-relaxed">
            {transcript}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
