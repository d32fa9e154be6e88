import { ExternalLink } from 'lucide-react';
import { useMemo } from 'react';
import { toast } from 'sonner';
import { sourceLength } from '../../../../shared/chat-sources';
import { citationResolver } from '../../../../shared/citations';
import { formatDateTime } from '../../../../shared/dates';
import { Markdown } from '../../../components/chats/markdown';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { type SharedConversation, useSaveSharedCopy } from '../api/shared-conversation';

/**
 * A shared conversation, read-only: its title, its videos (linked) and the messages shared, whose
 * citations open the video at that moment. No input, nothing of its owner. A signed-in visitor may
 * save a copy; a visitor signed out is offered to sign in for it.
 */
export function SharedConversationView({
  token,
  conversation,
  signedIn,
  signInHref,
  onCopied,
}: {
  token: string;
  conversation: SharedConversation;
  signedIn: boolean;
  signInHref: string;
  onCopied: (chatId: string) => void;
}) {
  const save = useSaveSharedCopy(token);
  const citations = useMemo(
    () => citationResolver({ url: conversation.youtubeUrl, title: conversation.title }, conversation.sources),
    [conversation],
  );
  const live = conversation.sources.filter((source) => source.removedAt === null);
  return (
    <main id="main" className="mx-auto flex w-full max-w-4xl flex-1 flex-col gap-4 px-4 py-6">
      <meta name="robots" content="noindex, nofollow" />
      <header className="grid gap-3 border-b pb-4">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          Shared consultation · {formatDateTime(conversation.sharedAt)}
        </p>
        <h1 className="text-xl font-bold tracking-tight break-words sm:text-2xl">{conversation.title}</h1>
        <div className="flex flex-wrap items-center gap-2">
          {signedIn ? (
            <Button
              size="sm"
              disabled={save.isPending}
              onClick={() =>
                save.mutate(undefined, {
                  onSuccess: (chatId) => {
                    toast.success('Saved to your library');
                    onCopied(chatId);
                  },
                  onError: (error) => toast.error(error.message),
                })
              }
            >
              Save a copy
            </Button>
          ) : (
            <Button asChild size="sm" variant="outline">
              <a href={signInHref}>Sign in to save a copy</a>
            </Button>
          )}
        </div>
      </header>
      <section aria-labelledby="shared-videos" className="grid gap-2 rounded-lg border bg-card p-3 text-sm">
        <h2 id="shared-videos" className="font-semibold">
          Videos ({live.length})
        </h2>
        <ol className="grid gap-1.5">
          {live.map((source) => (
            <li key={source.number} className="flex flex-wrap items-baseline gap-x-2">
              <span className="font-mono text-xs text-muted-foreground">V{source.number}</span>
              {source.youtubeUrl ? (
                <a
                  href={source.youtubeUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline break-words"
                >
                  {source.title} <ExternalLink className="size-3.5" aria-hidden="true" />
                </a>
              ) : (
                <span className="break-words">{source.title}</span>
              )}
              <span className="text-xs text-muted-foreground">{sourceLength(source)}</span>
            </li>
          ))}
        </ol>
      </section>
      {conversation.messages.length === 0 ? (
        <p className="text-sm text-muted-foreground">This conversation had no messages when it was shared.</p>
      ) : (
        <ol className="grid gap-4" aria-label="Messages">
          {conversation.messages.map((message) => {
            const mine = message.role === 'user';
            return (
              <li key={message.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
                <article
                  aria-label={mine ? 'Question' : 'Answer'}
                  className={cn(
                    'grid max-w-[92%] gap-2 rounded-2xl px-4 py-3 shadow-sm sm:max-w-[80%]',
                    mine
                      ? 'rounded-br-sm bg-primary text-primary-foreground'
                      : 'rounded-bl-sm border bg-card',
                  )}
                >
                  {mine ? (
                    <p className="whitespace-pre-wrap break-words text-sm leading-relaxed">
                      {message.content}
                    </p>
                  ) : (
                    <Markdown text={message.content} citations={citations} />
                  )}
                </article>
              </li>
            );
          })}
        </ol>
      )}
    </main>
  );
}
